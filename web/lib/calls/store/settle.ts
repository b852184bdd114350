import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { notPayableBecause } from '../../providers/payable.ts'

const DAY_MS = 86_400_000

/**
 * Keeps each provider leg's `payable` and `why` in step with what is known of its call (the outcome, a hand
 * mark, a late cap check) and the call's `payout_cents` with what it earned, so caps, statements, the portal
 * and the ad platforms' values read one answer. A leg whose answer changes re-settles the same caller's later
 * calls to that provider within its duplicate window (the first payable call is the one that pays).
 */
export async function settleCall(db: Kysely<Database>, callSid: string, at?: number, seen = new Set<string>()): Promise<void> {
  if (seen.has(callSid) || seen.size > 50) return
  seen.add(callSid)
  const legs = await db.selectFrom('voice_legs').selectAll().where('call_sid', '=', callSid).where('provider_id', '!=', '').execute()
  if (legs.length === 0) return
  const call = await db.selectFrom('voice_calls').select(['outcome', 'payout_cents']).where('call_sid', '=', callSid).executeTakeFirst()
  let earned = 0
  const later: { providerId: string; callerKey: string; at: number; days: number }[] = []
  for (const leg of legs) {
    const days = Number(leg.duplicate_days)
    const at = Number(leg.at)
    let duplicate = false
    if (leg.caller_key && days > 0 && leg.outcome === 'answered') {
      const earlier = await db
        .selectFrom('voice_legs')
        .select('call_sid')
        .where('provider_id', '=', leg.provider_id)
        .where('caller_key', '=', leg.caller_key)
        .where('payable', '=', 1)
        .where('call_sid', '!=', callSid)
        .where('at', '<', at)
        .where('at', '>=', at - days * DAY_MS)
        .limit(1)
        .executeTakeFirst()
      duplicate = earlier !== undefined
    }
    const why = notPayableBecause({
      outcome: leg.outcome,
      talkSeconds: Number(leg.talk_seconds),
      billableSeconds: Number(leg.billable_seconds),
      callOutcome: call?.outcome ?? '',
      overCap: Number(leg.over_cap) === 1,
      duplicateWithinDays: duplicate ? days : null,
    })
    const payable = why === '' ? 1 : 0
    if (payable === 1) earned += Number(leg.payout_cents)
    if (payable === Number(leg.payable) && why === leg.why) continue
    await db.updateTable('voice_legs').set({ payable, why }).where('call_sid', '=', callSid).where('seq', '=', leg.seq).execute()
    if (leg.caller_key && days > 0) later.push({ providerId: leg.provider_id, callerKey: leg.caller_key, at, days })
  }
  if (call && (call.payout_cents === null || Number(call.payout_cents) !== earned)) {
    await db.updateTable('voice_calls').set({ payout_cents: earned }).where('call_sid', '=', callSid).execute()
    // What the call earned changed after it was first settled: kept in its history, which also tells the ad
    // platforms' adjustment files to restate or retract it.
    if (call.payout_cents !== null) {
      const reasons = legs.map((leg) => leg.why).filter(Boolean)
      const reason = earned > 0 ? `Now payable: ${(earned / 100).toFixed(2)}.` : `No longer payable${reasons.length > 0 ? `: ${[...new Set(reasons)].join(', ')}` : ''}.`
      await db
        .insertInto('voice_outcome_changes')
        .values({ id: randomUUID(), call_sid: callSid, at: at ?? Date.now(), changed_by: 'billing', from_outcome: call.outcome, from_value_cents: Number(call.payout_cents), outcome: call.outcome, value_cents: earned, reason })
        .execute()
    }
  }
  for (const change of later) {
    const next = await db
      .selectFrom('voice_legs')
      .select('call_sid')
      .distinct()
      .where('provider_id', '=', change.providerId)
      .where('caller_key', '=', change.callerKey)
      .where('at', '>', change.at)
      .where('at', '<=', change.at + change.days * DAY_MS)
      .orderBy('call_sid')
      .execute()
    for (const row of next) await settleCall(db, row.call_sid, at, seen)
  }
}
