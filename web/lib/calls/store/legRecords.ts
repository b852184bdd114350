import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { giveBack } from '../../providers/caps.ts'
import type { LegRow } from '../../providers/statement.ts'
import { settleCall } from './settle.ts'

/**
 * One line a routed call rang (a provider, or the business line with provider ''), as the webhook knows it:
 * the caller's keyed hash and the provider's duplicate window travel with it; whether it is payable is
 * settled by the store (settle.ts), never by the webhook.
 */
export type CallLeg = Omit<LegRow, 'payable' | 'why'> & { callerKey: string; duplicateDays: number }

/** Records a leg once, gives its provider back (no longer under way) and settles the call. */
export async function recordLeg(db: Kysely<Database>, leg: CallLeg): Promise<boolean> {
  const inserted = await db
    .insertInto('voice_legs')
    .values({
      call_sid: leg.callSid,
      seq: leg.seq,
      provider_id: leg.providerId,
      provider_name: leg.providerName,
      outcome: leg.outcome,
      talk_seconds: Math.max(0, Math.floor(leg.talkSeconds)),
      ring_seconds: Math.max(0, Math.min(3600, Math.round(leg.ringSeconds))),
      billable_seconds: leg.billableSeconds,
      payout_cents: leg.payoutCents,
      place: leg.place,
      pest: leg.pest,
      at: leg.at,
      caller_key: leg.callerKey,
      duplicate_days: leg.duplicateDays,
    })
    .onConflict((conflict) => conflict.columns(['call_sid', 'seq']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  if (leg.providerId) {
    const take = await giveBack(db, leg.callSid, leg.seq)
    if (take?.overCap) await db.updateTable('voice_legs').set({ over_cap: 1 }).where('call_sid', '=', leg.callSid).where('seq', '=', leg.seq).execute()
    await settleCall(db, leg.callSid, leg.at)
  }
  return true
}

const legRow = (row: { call_sid: string; seq: number; provider_id: string; provider_name: string; outcome: string; talk_seconds: number; ring_seconds: number; billable_seconds: number; payout_cents: number; place: string; pest: string; at: number; payable: number; why: string; call_outcome: string | null }): LegRow => ({
  callSid: row.call_sid,
  seq: Number(row.seq),
  providerId: row.provider_id,
  providerName: row.provider_name,
  outcome: row.outcome,
  talkSeconds: Number(row.talk_seconds),
  ringSeconds: Number(row.ring_seconds),
  billableSeconds: Number(row.billable_seconds),
  payoutCents: Number(row.payout_cents),
  place: row.place,
  pest: row.pest,
  at: Number(row.at),
  payable: Number(row.payable) === 1,
  why: row.why,
  callOutcome: row.call_outcome ?? '',
})

/** The legs of calls that rang at or after `since` (and before `until`), optionally one provider's, in order. */
export async function legsSince(db: Kysely<Database>, since: number, { until, providerId }: { until?: number; providerId?: string } = {}): Promise<LegRow[]> {
  let query = db
    .selectFrom('voice_legs')
    .leftJoin('voice_calls', 'voice_calls.call_sid', 'voice_legs.call_sid')
    .selectAll('voice_legs')
    .select('voice_calls.outcome as call_outcome')
    .where('voice_legs.at', '>=', since)
  if (until !== undefined) query = query.where('voice_legs.at', '<', until)
  if (providerId !== undefined) query = query.where('voice_legs.provider_id', '=', providerId)
  const rows = await query.orderBy('voice_legs.call_sid').orderBy('voice_legs.seq').execute()
  return rows.map(legRow)
}

/** Missed-call texts that failed after every try, newest first: the Calls tool lists them. */
export async function failedTexts(db: Kysely<Database>, since: number): Promise<{ id: string; at: string; caller: string | null; error: string }[]> {
  const rows = await db.selectFrom('voice_texts').select(['call_sid', 'at', 'to_number', 'error']).where('status', '=', 'failed').where('at', '>=', since).orderBy('at', 'desc').limit(200).execute()
  return rows.map((row) => ({ id: row.call_sid, at: new Date(Number(row.at)).toISOString(), caller: row.to_number, error: row.error ?? '' }))
}
