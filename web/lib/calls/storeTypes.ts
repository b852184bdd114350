import type { CallStatus } from '../db/schema.ts'

/** What the call store takes and gives (web/lib/calls/store.ts): the shapes shared by its writes and reads. */

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
}

export interface StoredCall extends VisitFacts {
  callSid: string
  trackingNumber: string
  caller: string | null
  startedAt: number
  status: CallStatus
  talkSeconds: number
  qualified: boolean
  firstTime: boolean
  leaseId: string | null
  landedAt: number | null
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
}
