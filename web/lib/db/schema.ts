import type { Generated } from 'kysely'

/**
 * Every table of the store of record, as the queries see it: the one place a table's columns are typed.
 * A new table is one migration file in ./migrations (listed in ./migrations/index.ts) plus its interface
 * here, added to `Database`. Columns use only types both stores share: text, integer (bigint in
 * PostgreSQL when it counts rows), real.
 */
export interface Database extends VoiceTables, PortalTables {
  call_clicks: CallClicksTable
  experiment_visitors: ExperimentVisitorsTable
  experiment_weights: ExperimentWeightsTable
  experiment_bots: ExperimentBotsTable
  webhook_deliveries: WebhookDeliveriesTable
}

/** One tap on a call link, as the server vouched for it (web/lib/taps/verify.ts). */
export interface CallClicksTable {
  id: Generated<number>
  /** The tap's own random id: a tap written again after an outage is stored once. */
  tap_key: string | null
  at: string
  page: string
  source: string
  keyword: string
  location: string
  variant: string
  experiment: string
  arm: string
  number: string
  click_id: number
}

/** Per A/B test, one row per visitor (a hash of the cookie's id), its version, days seen and taps. */
export interface ExperimentVisitorsTable {
  experiment: string
  visitor: string
  arm: string
  first_day: string
  last_day: string
  taps: Generated<number>
  /** A keyed hash of the network the visitor first came from ('' before it was kept). */
  network_key: Generated<string>
}

/** The versions' weights as the page last had them (the split check). */
export interface ExperimentWeightsTable {
  experiment: string
  arm: string
  weight: number
}

/** Bot requests to a test's page per day: turned away, never counted as visitors. */
export interface ExperimentBotsTable {
  day: string
  experiment: string
  requests: Generated<number>
}

/** Signed webhook deliveries already acted on, until a replay of them could no longer pass the age check. */
export interface WebhookDeliveriesTable {
  key: string
  /** Milliseconds since the epoch. */
  expires_at: number
}

/** Call tracking's tables (web/lib/calls/store/store.ts; created by migrations/0004_voice.ts). */
export interface VoiceTables {
  voice_calls: {
    call_sid: string
    tracking_number: string
    caller: string | null
    caller_key: string
    started_at: number
    status: CallStatus
    talk_seconds: Generated<number>
    /** 0: Twilio's talk time was impossible, kept as unknown (talk_seconds 0, never qualified). */
    talk_known: Generated<number>
    qualified: Generated<number>
    first_time: Generated<number>
    lease_id: string | null
    landed_at: number | null
    ended_at: number | null
    stir_verstat: Generated<string>
    /** '' until decided (web/lib/calls/outcomes); then lead, booked, existing-customer, spam, not-a-lead or missed. */
    outcome: Generated<string>
    outcome_reason: Generated<string>
    /** '' when the rules decided; else who set it by hand (the rules no longer change it). */
    outcome_by: Generated<string>
    outcome_value_cents: Generated<number | null>
    recording_sid: Generated<string | null>
    recording_url: Generated<string | null>
    recording_seconds: Generated<number | null>
    /** Why a missed call was missed, e.g. the caller hung up while a provider rang ('' otherwise). */
    end_note: Generated<string>
    /** What the call earned: its payable leg's payout (0 when none paid); null when it rang no provider. */
    payout_cents: Generated<number | null>
  } & VisitColumns
  voice_webhooks: { endpoint: string; call_sid: string; received_at: number }
  voice_pool: { number: string; lease_id: string | null; leased_until: Generated<number> }
  voice_leases: {
    id: string
    number: string
    leased_at: number
    expires_at: number
    /** The landing token's id that took the lease ('' before tokens). */
    token: Generated<string>
    network_key: Generated<string>
    address_key: Generated<string>
    /** The landing address's location code and the visit's pest (migrations/0006_providers.ts). */
    place: Generated<string>
    pest: Generated<string>
    /** When a page last asked for the lease, taken or extended: its heartbeat (migrations/0011_hardening.ts). */
    seen_at: Generated<number>
    /** The A/B visitor it was lent to: the hash experiment_visitors keeps ('' outside a test). */
    visitor: Generated<string>
  } & VisitColumns
  voice_pool_days: { day: string; peak: Generated<number>; overflow: Generated<number>; refused: Generated<number>; unkept: Generated<number> }
  voice_pool_wants: { token: string; wanted_until: number }
  voice_exports: { click_id: string; conversion_name: string; call_sid: string; first_exported_at: number; value_cents: Generated<number | null> }
  /** Every change of a call's outcome (migrations/0007_call_outcomes.ts). */
  voice_outcome_changes: {
    id: string
    call_sid: string
    at: number
    changed_by: string
    from_outcome: string
    from_value_cents: number | null
    outcome: string
    value_cents: number | null
    reason: string
  }
  /** Final transcript segments per call, in order: live (Real-Time Transcription) or voicemail. */
  voice_transcripts: { call_sid: string; source: string; track: string; sequence: number; text: string; received_at: number }
  /** Routing to providers (web/lib/providers; created by migrations/0006_providers.ts). */
  voice_legs: {
    call_sid: string
    seq: number
    provider_id: string
    provider_name: string
    outcome: string
    talk_seconds: number
    billable_seconds: number
    payout_cents: number
    place: string
    pest: string
    at: number
    /** migrations/0008_billing.ts: how long it rang, the caller's keyed hash, the provider's duplicate window. */
    ring_seconds: Generated<number>
    caller_key: Generated<string>
    duplicate_days: Generated<number>
    /** Settled (web/lib/calls/store/settle.ts): payable now, else why not; over the cap when checked late. */
    payable: Generated<number>
    why: Generated<string>
    over_cap: Generated<number>
  }
  /** Provider legs under way (migrations/0008_billing.ts): what the caps count until the leg ends or expires. */
  voice_provider_takes: { call_sid: string; seq: number; provider_id: string; taken_at: number; expires_at: number; late: Generated<number>; over_cap: Generated<number>; answered: Generated<number>; leg: Generated<string> }
  voice_provider_load: { provider_id: string; day: string; day_taken: number; month: string; month_taken: number; active: number; touched_at: number }
  /** status: pending, waiting (over the texts-per-hour budget), sending, sent, skipped or failed; sent_at: handed to Twilio; body: the text as sent (migrations/0010_compliance.ts). */
  voice_texts: { call_sid: string; caller_key: string; to_number: string; from_number: string; at: number; status: string; attempts: Generated<number>; message_sid: string | null; error: string | null; sent_at: Generated<number | null>; body: Generated<string> }
  voice_sms_optouts: { caller_key: string; stopped: number; at: number }
}

/** ringing: forwarded, outcome not known yet; answered; missed (no answer, failed, hung up first); busy. */
export type CallStatus = 'ringing' | 'answered' | 'missed' | 'busy'

/** The visit a pool number was leased to, kept on the lease and copied onto the call it is joined to. */
interface VisitColumns {
    campaign: Generated<string>
    page: Generated<string>
    keyword: Generated<string>
    location: Generated<string>
    experiment: Generated<string>
    version: Generated<string>
    click_kind: Generated<string>
    click_id: Generated<string>
}

/**
 * The provider portal (migrations/0009_portal.ts): Better Auth's tables (written by Better Auth through the same
 * Kysely; typed here for the portal's own reads), disputes and their steps, and providers' pauses.
 */
export interface PortalTables {
  portal_user: { id: string; name: string; email: string; email_verified: boolean | number; image: string | null; created_at: Date | string; updated_at: Date | string }
  portal_session: { id: string; expires_at: Date | string; token: string; created_at: Date | string; updated_at: Date | string; ip_address: string | null; user_agent: string | null; user_id: string }
  portal_account: { id: string; account_id: string; provider_id: string; user_id: string; created_at: Date | string; updated_at: Date | string }
  portal_verification: { id: string; identifier: string; value: string; expires_at: Date | string; created_at: Date | string; updated_at: Date | string }
  /** status: open, credited (by a rule at once), accepted or refused (by the owner). */
  portal_disputes: {
    id: string
    provider_id: string
    call_sid: string
    reason: string
    note: Generated<string>
    status: string
    amount_cents: number
    opened_at: number
    opened_by: string
    decided_at: number | null
    decided_by: Generated<string>
    decision_note: Generated<string>
  }
  portal_dispute_steps: { id: string; dispute_id: string; at: number; actor: string; action: string; note: Generated<string> }
  /** kind: pause (from now, until resumed or ends_at) or away (dates ahead); ended_at: resumed or removed. */
  provider_pauses: { id: string; provider_id: string; kind: string; starts_at: number; ends_at: number | null; created_at: number; created_by: string; ended_at: number | null; ended_by: Generated<string> }
}
