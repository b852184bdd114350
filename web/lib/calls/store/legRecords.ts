import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { giveBackProvider, type CapPeriod } from '../../providers/caps.ts'
import { isPayable } from '../../providers/payable.ts'
import type { LegRow } from '../../providers/statement.ts'

/** One line a routed call rang (a provider, or the business line with provider ''), and the day and month its
 * provider was taken for when the store counted it against the caps. */
export type CallLeg = LegRow & { taken: CapPeriod | null }

/** Records a leg once, and gives its provider back to the caps (voice_provider_load). */
export async function recordLeg(db: Kysely<Database>, leg: CallLeg): Promise<boolean> {
  const inserted = await db
    .insertInto('voice_legs')
    .values({ call_sid: leg.callSid, seq: leg.seq, provider_id: leg.providerId, provider_name: leg.providerName, outcome: leg.outcome, talk_seconds: Math.max(0, Math.floor(leg.talkSeconds)), billable_seconds: leg.billableSeconds, payout_cents: leg.payoutCents, place: leg.place, pest: leg.pest, at: leg.at })
    .onConflict((conflict) => conflict.columns(['call_sid', 'seq']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  if (leg.providerId && leg.taken) await giveBackProvider(db, leg.providerId, leg.taken, isPayable(leg))
  return true
}

/** The legs of calls started at or after `since`, in order. */
export async function legsSince(db: Kysely<Database>, since: number): Promise<CallLeg[]> {
  const rows = await db
    .selectFrom('voice_legs')
    .leftJoin('voice_calls', 'voice_calls.call_sid', 'voice_legs.call_sid')
    .selectAll('voice_legs')
    .select('voice_calls.outcome as call_outcome')
    .where('voice_legs.at', '>=', since)
    .orderBy('voice_legs.call_sid')
    .orderBy('voice_legs.seq')
    .execute()
  return rows.map((row) => ({
    callSid: row.call_sid,
    seq: Number(row.seq),
    providerId: row.provider_id,
    providerName: row.provider_name,
    outcome: row.outcome,
    talkSeconds: Number(row.talk_seconds),
    billableSeconds: Number(row.billable_seconds),
    payoutCents: Number(row.payout_cents),
    place: row.place,
    pest: row.pest,
    at: Number(row.at),
    callOutcome: row.call_outcome ?? '',
    taken: null,
  }))
}

/** Missed-call texts that failed after every try, newest first: the Calls tool lists them. */
export async function failedTexts(db: Kysely<Database>, since: number): Promise<{ id: string; at: string; caller: string | null; error: string }[]> {
  const rows = await db.selectFrom('voice_texts').select(['call_sid', 'at', 'to_number', 'error']).where('status', '=', 'failed').where('at', '>=', since).orderBy('at', 'desc').limit(200).execute()
  return rows.map((row) => ({ id: row.call_sid, at: new Date(Number(row.at)).toISOString(), caller: row.to_number, error: row.error ?? '' }))
}
