import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { localTime } from '../localTime.ts'
import { formatUsPhone, maskedCaller } from '../phone.ts'
import { isOutcome, type Outcome } from '../calls/outcomes/rules.ts'
import { readStatement } from '../calls/store/statements.ts'
import type { Statement } from '../providers/statement.ts'
import { disputesOf, type DisputeView } from './disputes.ts'

/**
 * What a signed-in provider sees, read only by queries scoped to its own id — never by an id from the address
 * alone: a call, recording or dispute of another provider is simply not found (404, like a missing one).
 * The month's calls are the rows of its statement (the same `readStatement` as `npm run calls:statement`), so
 * the Calls list, the statement and its CSV agree to the cent.
 */
export interface ProviderScope {
  providerId: string
  /** The provider's own time zone: every time the portal shows. */
  timeZone: string
  /** Site settings' zone: months and statements, as the CLI cuts them. */
  siteTimeZone: string
  disputeDays: number
  now: number
}

export interface PortalCall {
  callSid: string
  seq: number
  startedAt: number
  /** In the provider's zone, `yyyy-MM-dd HH:mm`. */
  time: string
  /** The full number when the provider answered, masked when it missed the call; '' when withheld or forgotten. */
  caller: string
  answered: boolean
  place: string
  pest: string
  ringSeconds: number
  talkSeconds: number
  outcome: Outcome | ''
  payable: boolean
  why: string
  amount: number
  dispute: DisputeView | null
  /** A payable call still within the dispute window, not disputed yet. */
  disputable: boolean
}

const DAY_MS = 86_400_000

export const callerShown = (caller: string | null, answered: boolean): string => (caller ? (answered ? formatUsPhone(caller) : maskedCaller(caller)) : '')

export function withinDisputeWindow(startedAt: number, scope: Pick<ProviderScope, 'disputeDays' | 'now'>): boolean {
  return scope.now - startedAt <= scope.disputeDays * DAY_MS
}

/** The provider's statement of a month (site's zone) and its calls, newest first. */
export async function providerMonth(db: Kysely<Database>, scope: ProviderScope, month: string): Promise<{ statement: Statement; calls: PortalCall[] }> {
  const statement = await readStatement(db, month, scope.siteTimeZone, scope.providerId)
  const sids = [...new Set(statement.rows.map((row) => row.callSid))]
  const [legs, calls, disputes] = await Promise.all([
    sids.length ? db.selectFrom('voice_legs').select(['call_sid', 'seq', 'outcome']).where('provider_id', '=', scope.providerId).where('call_sid', 'in', sids).execute() : [],
    sids.length ? db.selectFrom('voice_calls').select(['call_sid', 'caller', 'started_at', 'outcome']).where('call_sid', 'in', sids).execute() : [],
    disputesOf(db, scope.providerId, sids),
  ])
  const answered = new Set(legs.filter((leg) => leg.outcome === 'answered').map((leg) => leg.call_sid))
  const byCall = new Map(calls.map((call) => [call.call_sid, call]))
  const seqs = new Map<string, number[]>()
  for (const leg of legs) seqs.set(leg.call_sid, [...(seqs.get(leg.call_sid) ?? []), Number(leg.seq)].sort((a, b) => a - b))
  const rows = statement.rows.map((row, index): PortalCall => {
    const call = byCall.get(row.callSid)
    const startedAt = Number(call?.started_at ?? 0)
    const dispute = disputes.get(row.callSid) ?? null
    const seen = statement.rows.slice(0, index).filter((earlier) => earlier.callSid === row.callSid).length
    return {
      callSid: row.callSid,
      seq: seqs.get(row.callSid)?.[seen] ?? 0,
      startedAt,
      time: localTime(startedAt, scope.timeZone).slice(0, 16),
      caller: callerShown(call?.caller ?? null, answered.has(row.callSid)),
      answered: answered.has(row.callSid),
      place: row.place,
      pest: row.pest,
      ringSeconds: row.ringSeconds,
      talkSeconds: row.talkSeconds,
      outcome: isOutcome(call?.outcome) ? call.outcome : '',
      payable: row.payable,
      why: row.why,
      amount: row.amount,
      dispute,
      disputable: row.payable && !dispute && withinDisputeWindow(startedAt, scope),
    }
  })
  return { statement, calls: rows.reverse() }
}

export interface CallLegView {
  seq: number
  outcome: string
  ringSeconds: number
  talkSeconds: number
  payable: boolean
  why: string
  amount: number
}

export interface PortalCallDetail {
  callSid: string
  startedAt: number
  time: string
  caller: string
  place: string
  pest: string
  outcome: Outcome | ''
  legs: CallLegView[]
  /** The provider answered: the recording and the caller's words of its conversation are its own. */
  answered: boolean
  hasRecording: boolean
  recordingSid: string | null
  transcript: string[]
  dispute: DisputeView | null
  disputable: boolean
  /** The payable leg's payout, in cents: what a dispute would credit. */
  payableCents: number
}

/** One call as the provider sees it, or null when no line of this provider rang for it (another's, or none). */
export async function providerCall(db: Kysely<Database>, scope: ProviderScope, callSid: string): Promise<PortalCallDetail | null> {
  if (!/^CA[0-9a-f]{32}$/i.test(callSid)) return null
  const legs = await db.selectFrom('voice_legs').selectAll().where('call_sid', '=', callSid).where('provider_id', '=', scope.providerId).orderBy('seq', 'asc').execute()
  if (legs.length === 0) return null
  const call = await db.selectFrom('voice_calls').select(['started_at', 'caller', 'outcome', 'recording_sid']).where('call_sid', '=', callSid).executeTakeFirst()
  const answered = legs.some((leg) => leg.outcome === 'answered')
  const startedAt = Number(call?.started_at ?? legs[0]!.at)
  // Only the caller's side of this provider's own conversation: the inbound track of the live call.
  const segments = answered ? await db.selectFrom('voice_transcripts').select('text').where('call_sid', '=', callSid).where('source', '=', 'live').where('track', '=', 'inbound_track').orderBy('sequence', 'asc').execute() : []
  const dispute = (await disputesOf(db, scope.providerId, [callSid])).get(callSid) ?? null
  const payableLeg = legs.find((leg) => Number(leg.payable) === 1)
  const views = legs.map((leg): CallLegView => ({ seq: Number(leg.seq), outcome: leg.outcome, ringSeconds: Number(leg.ring_seconds), talkSeconds: Number(leg.talk_seconds), payable: Number(leg.payable) === 1, why: leg.why, amount: Number(leg.payable) === 1 ? Number(leg.payout_cents) / 100 : 0 }))
  return {
    callSid,
    startedAt,
    time: localTime(startedAt, scope.timeZone).slice(0, 16),
    caller: callerShown(call?.caller ?? null, answered),
    place: legs[0]!.place,
    pest: legs[0]!.pest,
    outcome: isOutcome(call?.outcome) ? call.outcome : '',
    legs: views,
    answered,
    hasRecording: answered && Boolean(call?.recording_sid),
    recordingSid: answered ? (call?.recording_sid ?? null) : null,
    transcript: segments.map((segment) => segment.text),
    dispute,
    disputable: Boolean(payableLeg) && !dispute && withinDisputeWindow(startedAt, scope),
    payableCents: payableLeg ? Number(payableLeg.payout_cents) : 0,
  }
}
