import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { zonedPeriod } from '../localTime.ts'
import type { Provider } from './provider.ts'

/**
 * Each provider's caps, counted in the store of record so every instance shares them. A provider's day and
 * month count the calls payable now (voice_legs.payable, settled by the call's outcome: spam gives the place
 * back, a booked job keeps it) plus its legs under way (voice_provider_takes, one row per leg until it ends
 * or expires). A take is one transaction that first locks the provider's row (voice_provider_load), so two
 * instances taking at once count each other.
 */
export interface CapPeriod {
  /** The day and month in the site's time zone, as YYYY-MM-DD and YYYY-MM, and where each begins and ends. */
  day: string
  month: string
  dayStart: number
  dayEnd: number
  monthStart: number
  monthEnd: number
}

export function capPeriod(at: number, timeZone: string): CapPeriod {
  return zonedPeriod(at, timeZone)
}

/** A leg under way that sends no end signal is given back after its ring time plus this (it was never answered). */
export const RING_GRACE_MS = 60_000
/** An answered leg under way is held at most this long without an end signal (the longest talk believed). */
export const ANSWERED_HOLD_MS = 4 * 3_600_000

export interface Take {
  callSid: string
  /** The leg's place in the call's order. */
  seq: number
  /** Until when the leg counts as under way without an end signal. */
  expiresAt: number
  /** The leg as it will be recorded (JSON), so an end signal that names only the call can record it. */
  leg?: string
}

export interface ProviderCounts {
  underWay: number
  day: number
  month: number
}

/** The provider's payable calls of the period and its legs under way at `now`, `except` a call's own take. */
export async function providerCounts(db: Kysely<Database>, providerId: string, period: CapPeriod, now: number, except?: { callSid: string; seq: number }): Promise<ProviderCounts> {
  const payable = await db
    .selectFrom('voice_legs')
    .select((eb) => [eb.fn.countAll<number>().as('month'), eb.fn.sum<number>(eb.case().when('at', '>=', period.dayStart).then(1).else(0).end()).as('day')])
    .where('provider_id', '=', providerId)
    .where('payable', '=', 1)
    .where('at', '>=', period.monthStart)
    .where('at', '<', period.monthEnd)
    .executeTakeFirstOrThrow()
  let takes = db.selectFrom('voice_provider_takes').select((eb) => eb.fn.countAll<number>().as('n')).where('provider_id', '=', providerId).where('expires_at', '>=', now)
  if (except) takes = takes.where((eb) => eb.or([eb('call_sid', '!=', except.callSid), eb('seq', '!=', except.seq)]))
  const underWay = Number((await takes.executeTakeFirstOrThrow()).n)
  return { underWay, day: Number(payable.day ?? 0) + underWay, month: Number(payable.month) + underWay }
}

type CapFields = Pick<Provider, 'id' | 'dailyCap' | 'monthlyCap' | 'maxConcurrent'>

export const hasRoom = (provider: CapFields, counts: ProviderCounts): boolean =>
  counts.underWay < provider.maxConcurrent && (provider.dailyCap === null || counts.day < provider.dailyCap) && (provider.monthlyCap === null || counts.month < provider.monthlyCap)

/** Locks the provider's row for the rest of the transaction (a row lock in PostgreSQL; SQLite's write lock). */
async function lockProvider(db: Kysely<Database>, providerId: string, now: number): Promise<void> {
  await db
    .insertInto('voice_provider_load')
    .values({ provider_id: providerId, day: '', day_taken: 0, month: '', month_taken: 0, active: 0, touched_at: now })
    .onConflict((conflict) => conflict.column('provider_id').doUpdateSet({ touched_at: sql<number>`excluded.touched_at` }))
    .execute()
}

/** Takes the provider for one leg if its caps have room; false when one is reached (nothing is written then). */
export async function takeProvider(db: Kysely<Database>, provider: CapFields, period: CapPeriod, now: number, take: Take): Promise<boolean> {
  if (provider.dailyCap === 0 || provider.monthlyCap === 0) return false
  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, provider.id, now)
    if (!hasRoom(provider, await providerCounts(trx, provider.id, period, now))) return false
    await trx
      .insertInto('voice_provider_takes')
      .values({ call_sid: take.callSid, seq: take.seq, provider_id: provider.id, taken_at: now, expires_at: take.expiresAt, late: 0, over_cap: 0, leg: take.leg ?? '' })
      .onConflict((conflict) => conflict.columns(['call_sid', 'seq']).doNothing())
      .execute()
    // Takes long past their end are forgotten here, a few at a time, on the provider's own row's lock.
    await trx.deleteFrom('voice_provider_takes').where('provider_id', '=', provider.id).where('expires_at', '<', now - 86_400_000).execute()
    return true
  })
}

/**
 * A leg routed without the cap check (the store did not answer in time), written once the store answers:
 * counted like any take, and marked over the cap when the provider had no room at the time it rang.
 */
export async function takeLate(db: Kysely<Database>, provider: CapFields, period: CapPeriod, now: number, take: Take): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, provider.id, now)
    const counts = await providerCounts(trx, provider.id, period, now, take)
    const overCap = !hasRoom({ ...provider, maxConcurrent: Number.MAX_SAFE_INTEGER }, counts) || provider.dailyCap === 0 || provider.monthlyCap === 0
    await trx
      .insertInto('voice_provider_takes')
      .values({ call_sid: take.callSid, seq: take.seq, provider_id: provider.id, taken_at: now, expires_at: take.expiresAt, late: 1, over_cap: overCap ? 1 : 0, leg: take.leg ?? '' })
      .onConflict((conflict) => conflict.columns(['call_sid', 'seq']).doNothing())
      .execute()
    return overCap
  })
}

/** The provider answered (its whisper was asked for): the leg stays under way until the call ends. */
export async function holdAnswered(db: Kysely<Database>, callSid: string, seq: number, now: number): Promise<void> {
  await db.updateTable('voice_provider_takes').set({ expires_at: now + ANSWERED_HOLD_MS, answered: 1 }).where('call_sid', '=', callSid).where('seq', '=', seq).execute()
}

/** Gives a leg back: no longer under way. Returns the take as it was (late and over the cap or not), if any. */
export async function giveBack(db: Kysely<Database>, callSid: string, seq: number): Promise<{ overCap: boolean } | null> {
  const take = await db.selectFrom('voice_provider_takes').select(['over_cap']).where('call_sid', '=', callSid).where('seq', '=', seq).executeTakeFirst()
  if (!take) return null
  await db.updateTable('voice_provider_takes').set({ expires_at: 0 }).where('call_sid', '=', callSid).where('seq', '=', seq).execute()
  return { overCap: Number(take.over_cap) === 1 }
}
