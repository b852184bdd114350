import type { Generated } from 'kysely'

/**
 * Every table of the store of record, as the queries see it: the one place a table's columns are typed.
 * A new table is one migration file in ./migrations (listed in ./migrations/index.ts) plus its interface
 * here, added to `Database`. Columns use only types both stores share: text, integer (bigint in
 * PostgreSQL when it counts rows), real.
 */
export interface Database extends VoiceTables {
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
  } & VisitColumns
  voice_pool_days: { day: string; peak: Generated<number>; overflow: Generated<number>; refused: Generated<number> }
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
  voice_legs: { call_sid: string; seq: number; provider_id: string; provider_name: string; outcome: string; talk_seconds: number; billable_seconds: number; payout_cents: number; place: string; pest: string; at: number }
  voice_provider_load: { provider_id: string; day: string; day_taken: number; month: string; month_taken: number; active: number; touched_at: number }
  voice_texts: { call_sid: string; caller_key: string; to_number: string; from_number: string; at: number; status: string; attempts: Generated<number>; message_sid: string | null; error: string | null }
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
