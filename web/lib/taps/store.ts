import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { openStore, type Store, type StoreSource, storeOf } from '../db/index.ts'
import type { CallTap } from './tap.ts'

/**
 * Where call taps are written: the store of record (web/lib/db: PostgreSQL when DATABASE_URL is set,
 * else the SQLite file), table `call_clicks`. Bounded: the table keeps the newest MAX_ROWS taps, so a
 * flood of fake taps cannot grow it without bound.
 */
export interface CallLog {
  /** Stores the tap once: `key` (random when not given) makes a second write of the same tap a no-op. */
  record(tap: CallTap, key?: string): Promise<void>
  /**
   * Taps per day × the chosen dimensions (default page × keyword), newest day first (the report
   * and the Studio's Calls tool read this). `sinceDay` (YYYY-MM-DD) keeps only that day and later.
   */
  summary(options?: SummaryOptions): Promise<CallSummaryRow[]>
}

/** What taps can be grouped by: the fields of a tap that describe the page and the ad, never the visitor. */
export const CALL_DIMENSIONS = ['page', 'source', 'keyword', 'location', 'variant', 'experiment', 'arm', 'number'] as const
export type CallDimension = (typeof CALL_DIMENSIONS)[number]

export function isCallDimension(value: string): value is CallDimension {
  return (CALL_DIMENSIONS as readonly string[]).includes(value)
}

export interface SummaryOptions {
  by?: readonly CallDimension[]
  sinceDay?: string
}

export type CallSummaryRow = { day: string; taps: number } & Partial<Record<CallDimension, string>>

export const DEFAULT_MAX_ROWS = 200_000
/** Trims after the first tap and then every TRIM_EVERY taps of this process. */
const TRIM_EVERY = 100

function row(tap: CallTap, key: string) {
  return { tap_key: key, at: tap.at, page: tap.page, source: tap.source, keyword: tap.keyword, location: tap.location, variant: tap.variant, experiment: tap.experiment, arm: tap.arm, number: tap.number, click_id: tap.clickId ? 1 : 0 }
}

export function callLog(store: StoreSource, maxRows = DEFAULT_MAX_ROWS): CallLog {
  let inserted = 0
  return {
    async record(tap, key = randomUUID()) {
      const { db } = await storeOf(store)
      await db.insertInto('call_clicks').values(row(tap, key)).onConflict((conflict) => conflict.column('tap_key').doNothing()).execute()
      if (++inserted % TRIM_EVERY === 0 || inserted === 1) {
        await db.deleteFrom('call_clicks').where('id', '<=', sql<number>`(SELECT MAX(id) FROM call_clicks) - ${maxRows}`).execute()
      }
    },
    async summary({ by = ['page', 'keyword'], sinceDay = '' }: SummaryOptions = {}) {
      const { db } = await storeOf(store)
      // Column names come only from CALL_DIMENSIONS, never from a request.
      const dimensions = CALL_DIMENSIONS.filter((dimension) => by.includes(dimension))
      const day = sql<string>`substr(at, 1, 10)`
      let query = db
        .selectFrom('call_clicks')
        .select([day.as('day'), ...dimensions, (eb) => eb.fn.countAll<number | string>().as('taps')])
        .where('at', '>=', sinceDay)
        .groupBy([day, ...dimensions])
        .orderBy('day', 'desc')
        .orderBy('taps', 'desc')
      for (const dimension of dimensions) query = query.orderBy(dimension)
      const rows = await query.execute()
      return rows.map((entry) => {
        const result: CallSummaryRow = { day: String(entry.day), taps: Number(entry.taps) }
        for (const dimension of dimensions) result[dimension] = String((entry as Record<string, unknown>)[dimension])
        return result
      })
    },
  }
}

/** The call log of one SQLite file (tests, the report over a copied file). */
export function sqliteCallLog(file: string, maxRows = DEFAULT_MAX_ROWS): CallLog {
  let opened: Promise<Store> | undefined
  return callLog(() => (opened ??= openStore({ sqlite: file })), maxRows)
}
