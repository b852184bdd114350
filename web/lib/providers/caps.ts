import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Provider } from './provider.ts'

/**
 * Each provider's caps, counted in the store of record so every instance shares them: the calls of the
 * current day and month that count (payable, or still ringing and maybe payable) and the calls under way.
 * A provider is taken for a call by one conditional upsert — it succeeds only while every cap has room — and
 * given back when the leg ends (voice_legs' writer): the call under way always, the day's and month's count
 * unless the call turned out payable.
 */
export interface CapPeriod {
  /** The day and month in the site's time zone, as YYYY-MM-DD and YYYY-MM. */
  day: string
  month: string
}

/** A call under way not given back within this long (a lost callback) no longer counts as under way. */
export const STALE_ACTIVE_MS = 2 * 3_600_000

const dayFormats = new Map<string, Intl.DateTimeFormat>()

export function capPeriod(at: number, timeZone: string): CapPeriod {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  const day = format.format(new Date(at))
  return { day, month: day.slice(0, 7) }
}

const NO_CAP = 2_147_483_647

/** Takes the provider for one call if its caps have room; false when one is reached. */
export async function takeProvider(db: Kysely<Database>, provider: Pick<Provider, 'id' | 'dailyCap' | 'monthlyCap' | 'maxConcurrent'>, period: CapPeriod, now: number): Promise<boolean> {
  if (provider.dailyCap === 0 || provider.monthlyCap === 0) return false
  const dayCap = provider.dailyCap ?? NO_CAP
  const monthCap = provider.monthlyCap ?? NO_CAP
  const stale = now - STALE_ACTIVE_MS
  const result = await db
    .insertInto('voice_provider_load')
    .values({ provider_id: provider.id, day: period.day, day_taken: 1, month: period.month, month_taken: 1, active: 1, touched_at: now })
    .onConflict((conflict) =>
      conflict
        .column('provider_id')
        .doUpdateSet({
          day_taken: sql<number>`CASE WHEN voice_provider_load.day = excluded.day THEN voice_provider_load.day_taken + 1 ELSE 1 END`,
          day: sql<string>`excluded.day`,
          month_taken: sql<number>`CASE WHEN voice_provider_load.month = excluded.month THEN voice_provider_load.month_taken + 1 ELSE 1 END`,
          month: sql<string>`excluded.month`,
          active: sql<number>`CASE WHEN voice_provider_load.touched_at < ${stale} THEN 1 ELSE voice_provider_load.active + 1 END`,
          touched_at: sql<number>`excluded.touched_at`,
        })
        .where(sql<boolean>`(voice_provider_load.day <> excluded.day OR voice_provider_load.day_taken < ${dayCap})`)
        .where(sql<boolean>`(voice_provider_load.month <> excluded.month OR voice_provider_load.month_taken < ${monthCap})`)
        .where(sql<boolean>`(voice_provider_load.touched_at < ${stale} OR voice_provider_load.active < ${provider.maxConcurrent})`),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Gives a provider back after a leg: no longer under way, and not counted against the caps unless payable. */
export async function giveBackProvider(db: Kysely<Database>, providerId: string, period: CapPeriod, payable: boolean): Promise<void> {
  const uncount = payable ? 0 : 1
  await db
    .updateTable('voice_provider_load')
    .set({
      active: sql<number>`CASE WHEN active > 0 THEN active - 1 ELSE 0 END`,
      day_taken: sql<number>`CASE WHEN day = ${period.day} AND day_taken >= ${uncount} THEN day_taken - ${uncount} ELSE day_taken END`,
      month_taken: sql<number>`CASE WHEN month = ${period.month} AND month_taken >= ${uncount} THEN month_taken - ${uncount} ELSE month_taken END`,
    })
    .where('provider_id', '=', providerId)
    .execute()
}
