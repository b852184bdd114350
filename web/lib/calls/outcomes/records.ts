import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { decideOutcome } from './decide.ts'
import { settleCall } from '../store/settle.ts'
import { countsAsQualified, isOutcome, type Outcome, type OutcomeRules } from './rules.ts'

/**
 * Outcomes in the call store: decided again by the rules whenever something new is known about a call (its
 * end, a transcript segment), set by hand by a person (after which the rules leave it alone), every change
 * kept. The call's `qualified` flag follows its outcome, so every reader of qualified calls (exports, the
 * verdict by calls, provider statements) counts only leads and booked jobs once a call has an outcome.
 */
export interface OutcomeChange {
  at: number
  by: string
  fromOutcome: string
  fromValue: number | null
  outcome: string
  value: number | null
  reason: string
}

const cents = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null)
const dollars = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value) / 100)

/** The caller's side of a call: their track of Real-Time Transcription and their voicemail. The provider's words are shown, never judged. */
export const CALLER_TRACKS = new Set(['inbound_track', 'voicemail'])

/** Every final transcript segment of a call, in the order spoken: the live call's, then a voicemail's. */
export async function transcriptSegments(db: Kysely<Database>, callSid: string): Promise<{ source: string; track: string; text: string }[]> {
  const rows = await db.selectFrom('voice_transcripts').select(['source', 'track', 'text']).where('call_sid', '=', callSid).orderBy('source', 'asc').orderBy('sequence', 'asc').orderBy('track', 'asc').execute()
  return rows
}

async function writeChange(db: Kysely<Database>, callSid: string, change: OutcomeChange): Promise<void> {
  await db
    .insertInto('voice_outcome_changes')
    .values({ id: randomUUID(), call_sid: callSid, at: change.at, changed_by: change.by, from_outcome: change.fromOutcome, from_value_cents: cents(change.fromValue), outcome: change.outcome, value_cents: cents(change.value), reason: change.reason })
    .execute()
}

/**
 * Decides the call's outcome again from what is stored, unless a person set it. Writes (and keeps in the
 * history) only a change, so running it twice for the same news changes nothing. The call's own value is kept
 * for a booked job; the rules give a booked call the set booked value.
 */
export async function redecideOutcome(db: Kysely<Database>, callSid: string, rules: OutcomeRules, at: number): Promise<Outcome | '' | null> {
  const call = await db.selectFrom('voice_calls').selectAll().where('call_sid', '=', callSid).executeTakeFirst()
  if (!call) return null
  if (call.outcome_by) return call.outcome as Outcome
  const startedAt = Number(call.started_at)
  const recent = call.caller_key
    ? await db
        .selectFrom('voice_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('caller_key', '=', call.caller_key)
        .where('started_at', '<=', startedAt)
        .where('started_at', '>', startedAt - rules.repeatMinutes * 60_000)
        .executeTakeFirstOrThrow()
    : { n: 1 }
  const segments = await transcriptSegments(db, callSid)
  const talkSeconds = Number(call.talk_seconds)
  // A conversation is judged as such: the talk reached the billable seconds of the provider it reached, or the site's minimum.
  const reached = await db.selectFrom('voice_legs').select('billable_seconds').where('call_sid', '=', callSid).where('outcome', '=', 'answered').where('provider_id', '!=', '').executeTakeFirst()
  // A call a provider answered is long enough when it reached that provider's billable seconds (its own "paid after").
  const minTalkSeconds = reached ? Number(reached.billable_seconds) : rules.minTalkSeconds
  const decision = decideOutcome(
    {
      status: call.status,
      talkSeconds,
      caller: call.caller ?? '',
      stirVerstat: call.stir_verstat,
      firstTime: Number(call.first_time) === 1 || call.status !== 'answered',
      recentCalls: Number(recent.n),
      transcript: segments.filter((segment) => CALLER_TRACKS.has(segment.track)).map((segment) => segment.text).join(' '),
      conversation: call.status === 'answered' && talkSeconds >= Math.max(1, minTalkSeconds),
      withheld: !call.caller_key,
      endNote: call.end_note,
    },
    { ...rules, minTalkSeconds },
  )
  if (decision.outcome === call.outcome && decision.reason === call.outcome_reason) {
    await settleCall(db, callSid, at)
    return decision.outcome
  }
  const value = decision.outcome === 'booked' ? rules.bookedValue : null
  const qualified = decision.outcome ? countsAsQualified({ outcome: decision.outcome, qualified: false }) : Number(call.qualified) === 1
  await db
    .updateTable('voice_calls')
    .set({ outcome: decision.outcome, outcome_reason: decision.reason, outcome_value_cents: cents(value), qualified: qualified ? 1 : 0 })
    .where('call_sid', '=', callSid)
    .execute()
  if (decision.outcome !== call.outcome) {
    await writeChange(db, callSid, { at, by: 'rules', fromOutcome: call.outcome, fromValue: dollars(call.outcome_value_cents), outcome: decision.outcome, value, reason: decision.reason })
  }
  await settleCall(db, callSid, at)
  return decision.outcome
}

export interface Marking {
  callSid: string
  outcome: Outcome
  /** A booked job's value; ignored for the other outcomes. */
  value?: number | null
  /** Who set it: the Studio user's name, or the shell's user. */
  by: string
  at: number
  note?: string
}

/** A person's outcome: kept over the rules from now on, and in the history. False when no such call. */
export async function markOutcome(db: Kysely<Database>, marking: Marking): Promise<boolean> {
  if (!isOutcome(marking.outcome)) throw new Error(`Not an outcome: ${String(marking.outcome)}`)
  return db.transaction().execute(async (trx) => {
    const call = await trx.selectFrom('voice_calls').select(['outcome', 'outcome_value_cents']).where('call_sid', '=', marking.callSid).executeTakeFirst()
    if (!call) return false
    const value = marking.outcome === 'booked' ? (marking.value ?? dollars(call.outcome_value_cents) ?? 0) : null
    const reason = marking.note?.trim() || `Set by ${marking.by}.`
    await trx
      .updateTable('voice_calls')
      .set({ outcome: marking.outcome, outcome_reason: reason, outcome_by: marking.by, outcome_value_cents: cents(value), qualified: countsAsQualified({ outcome: marking.outcome, qualified: false }) ? 1 : 0 })
      .where('call_sid', '=', marking.callSid)
      .execute()
    await writeChange(trx, marking.callSid, { at: marking.at, by: marking.by, fromOutcome: call.outcome, fromValue: dollars(call.outcome_value_cents), outcome: marking.outcome, value, reason })
    await settleCall(trx, marking.callSid, marking.at)
    return true
  })
}

/** Every change of a call's outcome, oldest first. */
export async function outcomeHistory(db: Kysely<Database>, callSid: string): Promise<OutcomeChange[]> {
  const rows = await db.selectFrom('voice_outcome_changes').selectAll().where('call_sid', '=', callSid).orderBy('at', 'asc').execute()
  return rows.map((row) => ({ at: Number(row.at), by: row.changed_by, fromOutcome: row.from_outcome, fromValue: dollars(row.from_value_cents), outcome: row.outcome, value: dollars(row.value_cents), reason: row.reason }))
}

/** Per call started since `since`: its transcript (every final segment in order) and its outcome's changes. */
export async function callDetailsSince(db: Kysely<Database>, since: number): Promise<{ transcripts: Map<string, string>; histories: Map<string, OutcomeChange[]> }> {
  const calls = db.selectFrom('voice_calls').select('call_sid').where('started_at', '>=', since)
  const [segments, changes] = await Promise.all([
    db.selectFrom('voice_transcripts').select(['call_sid', 'text']).where('call_sid', 'in', calls).orderBy('call_sid').orderBy('source').orderBy('sequence').orderBy('track').execute(),
    db.selectFrom('voice_outcome_changes').selectAll().where('call_sid', 'in', calls).orderBy('at').execute(),
  ])
  const transcripts = new Map<string, string>()
  for (const row of segments) transcripts.set(row.call_sid, transcripts.has(row.call_sid) ? `${transcripts.get(row.call_sid)} ${row.text}` : row.text)
  const histories = new Map<string, OutcomeChange[]>()
  for (const row of changes) {
    const list = histories.get(row.call_sid) ?? []
    list.push({ at: Number(row.at), by: row.changed_by, fromOutcome: row.from_outcome, fromValue: dollars(row.from_value_cents), outcome: row.outcome, value: dollars(row.value_cents), reason: row.reason })
    histories.set(row.call_sid, list)
  }
  return { transcripts, histories }
}
