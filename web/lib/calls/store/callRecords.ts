import type { Kysely } from 'kysely'
import type { CallStatus, Database } from '../../db/schema.ts'
import type { CallOutcome, IncomingCall, JoinRules, QualifyRules } from './types.ts'
import { redecideOutcome } from '../outcomes/records.ts'
import type { OutcomeRules } from '../outcomes/rules.ts'

/**
 * The calls as Twilio's webhooks report them: the announcement, the outcome (with the qualified-call rule),
 * and forgetting callers' numbers after the retention days. Each write happens once per Twilio request.
 */

const DAY_MS = 86_400_000

/** Marks a Twilio request handled; false when it was handled before (a retry), so nothing is stored twice. */
export async function firstTime(db: Kysely<Database>, endpoint: string, callSid: string, at: number): Promise<boolean> {
  const result = await db
    .insertInto('voice_webhooks')
    .values({ endpoint, call_sid: callSid, received_at: at })
    .onConflict((conflict) => conflict.columns(['endpoint', 'call_sid']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

async function joinedVisit(db: Kysely<Database>, number: string, at: number, rules: JoinRules) {
  if (rules.pool.includes(number)) {
    const lease = await db
      .selectFrom('voice_leases')
      .selectAll()
      .where('number', '=', number)
      .where('leased_at', '<=', at)
      .where('expires_at', '>=', at)
      .orderBy('leased_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (lease) {
      const { id, page, keyword, location, experiment, version, campaign, click_kind, click_id, leased_at } = lease
      return { lease_id: id, page, keyword, location, experiment, version, campaign, click_kind, click_id, landed_at: Number(leased_at) }
    }
    return {}
  }
  const campaign = rules.campaignNumbers.get(number)
  return campaign ? { campaign } : {}
}

/** "A call comes in": the call as Twilio announced it, joined to the visit or campaign its number belongs to. False for a retry. */
export async function recordIncoming(db: Kysely<Database>, call: IncomingCall, rules: JoinRules & { outcomes?: OutcomeRules }): Promise<boolean> {
  if (!(await firstTime(db, 'incoming', call.callSid, call.at))) return false
  const joined = await joinedVisit(db, call.to, call.at, rules)
  const stir_verstat = (call.stirVerstat ?? '').slice(0, 40)
  await db
    .insertInto('voice_calls')
    .values({ call_sid: call.callSid, tracking_number: call.to, caller: call.from || null, caller_key: call.callerKey, started_at: call.at, status: 'ringing', lease_id: null, landed_at: null, ended_at: null, stir_verstat, ...joined })
    .onConflict((conflict) => conflict.column('call_sid').doUpdateSet({ started_at: call.at, lease_id: null, stir_verstat, ...joined }))
    .execute()
  if (rules.outcomes) await redecideOutcome(db, call.callSid, rules.outcomes, call.at)
  return true
}

/** Longest talk time believed: a forwarded call longer than this is a forged or broken report, not a lead. */
export const MAX_TALK_SECONDS = 4 * 3600
/**
 * Whether Twilio's talk time can be true: a number of seconds from 0 to 4 hours. (The announcement's time is
 * not a bound: Twilio's stand-in and replays after an outage deliver both webhooks moments apart.)
 */
export function plausibleTalkSeconds(talkSeconds: number): boolean {
  return Number.isFinite(talkSeconds) && talkSeconds >= 0 && talkSeconds <= MAX_TALK_SECONDS
}

export function callStatusOf(dialStatus: string): CallStatus {
  if (dialStatus === 'completed' || dialStatus === 'answered') return 'answered'
  if (dialStatus === 'busy') return 'busy'
  return 'missed'
}

/**
 * The forwarded call's outcome (`<Dial action>`): answered, missed or busy, the talk time, and whether it is
 * a qualified call — answered, at least the minimum talk time, and the caller's first answered call within
 * the set days (looked up by the keyed hash, so it works after the number itself is gone). False for a retry.
 */
export async function recordOutcome(db: Kysely<Database>, outcome: CallOutcome, rules: QualifyRules & JoinRules, endpoint = 'status'): Promise<boolean> {
  if (!(await firstTime(db, endpoint, outcome.callSid, outcome.at))) return false
  const existing = await db.selectFrom('voice_calls').select(['started_at', 'caller_key']).where('call_sid', '=', outcome.callSid).executeTakeFirst()
  const status = callStatusOf(outcome.dialStatus)
  const known = status !== 'answered' || plausibleTalkSeconds(outcome.talkSeconds)
  const talkSeconds = status === 'answered' && known ? Math.floor(outcome.talkSeconds) : 0
  const startedAt = existing ? Number(existing.started_at) : outcome.at - talkSeconds * 1000
  const callerKey = existing?.caller_key || outcome.callerKey
  let first = true
  if (rules.firstCallerDays > 0 && callerKey) {
    const earlier = await db
      .selectFrom('voice_calls')
      .select('call_sid')
      .where('caller_key', '=', callerKey)
      .where('call_sid', '!=', outcome.callSid)
      .where('status', '=', 'answered')
      .where('started_at', '<', startedAt)
      .where('started_at', '>=', startedAt - rules.firstCallerDays * DAY_MS)
      .limit(1)
      .executeTakeFirst()
    first = !earlier
  }
  const qualified = status === 'answered' && known && talkSeconds >= rules.minTalkSeconds && first
  const result = { status, talk_seconds: talkSeconds, talk_known: known ? 1 : 0, first_time: first ? 1 : 0, qualified: qualified ? 1 : 0, ended_at: outcome.at, end_note: status === 'answered' ? '' : (outcome.endNote ?? '').slice(0, 200) }
  if (existing) {
    await db.updateTable('voice_calls').set(result).where('call_sid', '=', outcome.callSid).execute()
  } else {
    // The announcement was lost or is still on its way from another instance: the outcome alone makes the call.
    const joined = await joinedVisit(db, outcome.to, startedAt, rules)
    await db
      .insertInto('voice_calls')
      .values({ call_sid: outcome.callSid, tracking_number: outcome.to, caller: outcome.from || null, caller_key: callerKey, started_at: startedAt, lease_id: null, landed_at: null, ...joined, ...result })
      .onConflict((conflict) => conflict.column('call_sid').doUpdateSet(result))
      .execute()
  }
  if (rules.outcomes) await redecideOutcome(db, outcome.callSid, rules.outcomes, outcome.at)
  return true
}

/** Forgets callers' numbers of calls started before `before` (the keyed hash stays, for the first-caller rule). */
export async function forgetCallers(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.updateTable('voice_calls').set({ caller: null }).where('started_at', '<', before).where('caller', 'is not', null).executeTakeFirst()
  // Missed-call texts keep the number they went to for as long as the call does.
  await db.updateTable('voice_texts').set({ to_number: '' }).where('at', '<', before).where('to_number', '!=', '').execute()
  return Number(result.numUpdatedRows)
}
