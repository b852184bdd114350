import type { CallStatus } from '../../db/schema.ts'
import type { Outcome, OutcomeRules } from '../outcomes/rules.ts'

/** What the call store takes and gives (web/lib/calls/store/store.ts): the shapes shared by its writes and reads. */

export type ClickKind = '' | 'gclid' | 'gbraid' | 'wbraid' | 'msclkid'

/** What a visit holding a pool number is joined by: never the visitor, only the page and the ad. */
export interface VisitFacts {
  page: string
  keyword: string
  location: string
  experiment: string
  version: string
  campaign: string
  clickKind: ClickKind
  clickId: string
  /** The landing address's location code (loc_physical_ms) and the visit's pest id, for routing to providers. */
  place?: string
  pest?: string
  /** The A/B visitor (experiment_visitors' hash of the version cookie's id) when the page ran a test. */
  visitor?: string
}

export interface StoredCall extends VisitFacts {
  callSid: string
  trackingNumber: string
  caller: string | null
  startedAt: number
  status: CallStatus
  /** Null when Twilio's figure was impossible (stored as unknown, never qualified). */
  talkSeconds: number | null
  qualified: boolean
  firstTime: boolean
  leaseId: string | null
  landedAt: number | null
  /** '' until decided (web/lib/calls/outcomes). */
  outcome: Outcome | ''
  outcomeReason: string
  /** Who set the outcome by hand; '' when the rules decided it. */
  outcomeBy: string
  /** A booked job's own value; null for the other outcomes. */
  bookedValue: number | null
  recordingSid: string | null
  recordingSeconds: number | null
  /** What the call earned from providers: its payable leg's payout (0 when none paid); null when it rang no provider. */
  payout: number | null
}

export interface Lease {
  id: string
  number: string
  expiresAt: number
}

export interface IncomingCall {
  callSid: string
  /** The tracking number called (Twilio's `To`). */
  to: string
  /** The caller (Twilio's `From`), E.164; '' when withheld. */
  from: string
  callerKey: string
  at: number
  /** Twilio's StirVerstat (the caller ID's STIR/SHAKEN attestation); absent when Twilio sent none. */
  stirVerstat?: string
}

export interface CallOutcome {
  callSid: string
  to: string
  from: string
  callerKey: string
  /** Twilio's DialCallStatus. */
  dialStatus: string
  talkSeconds: number
  at: number
  /** Why a missed call was missed, when more is known than "nobody answered" (the caller hung up while … rang). */
  endNote?: string
}

export interface JoinRules {
  /** The pool's numbers: a call to one joins the visit holding it at the call's start. */
  pool: readonly string[]
  /** Campaign rule numbers → the campaign a call to one joins. */
  campaignNumbers: ReadonlyMap<string, string>
}

export interface QualifyRules {
  minTalkSeconds: number
  firstCallerDays: number
  /** Site settings → Call outcomes: the call's outcome is decided again with them once it ends. */
  outcomes?: OutcomeRules
}
