import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseConfig } from '../location/supabase.ts'
import type { CallTap } from './tap.ts'

/**
 * Where call taps are written: Supabase's `call_clicks` table when Supabase is configured
 * (insert-only for the anon role, see README), else a local SQLite file (node:sqlite, nothing to
 * install). Both are bounded: the SQLite file keeps the newest MAX_ROWS taps; Supabase's table is
 * the owner's to retain.
 */
export interface CallLog {
  record(tap: CallTap): Promise<void>
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
const SUPABASE_TIMEOUT_MS = 1_500

const COLUMNS = ['at', 'page', 'source', 'keyword', 'location', 'variant', 'experiment', 'arm', 'number', 'click_id'] as const

function row(tap: CallTap) {
  return { at: tap.at, page: tap.page, source: tap.source, keyword: tap.keyword, location: tap.location, variant: tap.variant, experiment: tap.experiment, arm: tap.arm, number: tap.number, click_id: tap.clickId }
}

/** Opens (and creates or upgrades) the SQLite call log file; shared by the taps and the arm-visit counts. */
export function openCallLogDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  // WAL with synchronous=NORMAL: a commit is not fsynced one by one (SQLite's advice for WAL); a
  // power cut may lose the last taps, never the file.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 2000;
    CREATE TABLE IF NOT EXISTS call_clicks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, keyword TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '', variant TEXT NOT NULL DEFAULT '', experiment TEXT NOT NULL DEFAULT '',
      arm TEXT NOT NULL DEFAULT '', number TEXT NOT NULL DEFAULT '', click_id INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS call_clicks_at ON call_clicks (at);
    CREATE TABLE IF NOT EXISTS arm_visits (
      day TEXT NOT NULL, experiment TEXT NOT NULL, arm TEXT NOT NULL, visits INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (day, experiment, arm)
    );
  `)
  // A file written before taps carried the tracking number gains the column (existing rows: '').
  const columns = db.prepare('PRAGMA table_info(call_clicks)').all().map((column) => String(column.name))
  if (!columns.includes('number')) db.exec("ALTER TABLE call_clicks ADD COLUMN number TEXT NOT NULL DEFAULT ''")
  return db
}

export function sqliteCallLog(file: string, maxRows = DEFAULT_MAX_ROWS): CallLog {
  const db = openCallLogDatabase(file)
  const insert = db.prepare(`INSERT INTO call_clicks (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`)
  // Keeps the newest maxRows: a flood of fake taps cannot grow the file without bound.
  const trim = db.prepare('DELETE FROM call_clicks WHERE id <= (SELECT MAX(id) FROM call_clicks) - ?')
  let inserted = 0
  return {
    async record(tap) {
      const values = row(tap)
      insert.run(values.at, values.page, values.source, values.keyword, values.location, values.variant, values.experiment, values.arm, values.number, values.click_id ? 1 : 0)
      if (++inserted % 100 === 0 || inserted === 1) trim.run(maxRows)
    },
    async summary({ by = ['page', 'keyword'], sinceDay = '' }: SummaryOptions = {}) {
      // Column names come only from CALL_DIMENSIONS, never from a request.
      const dimensions = CALL_DIMENSIONS.filter((dimension) => by.includes(dimension))
      const list = dimensions.map((dimension) => `, ${dimension}`).join('')
      const statement = db.prepare(
        `SELECT substr(at, 1, 10) AS day${list}, COUNT(*) AS taps FROM call_clicks WHERE at >= ? GROUP BY day${list} ORDER BY day DESC, taps DESC${list}`,
      )
      return statement.all(sinceDay).map((entry) => {
        const result: CallSummaryRow = { day: String(entry.day), taps: Number(entry.taps) }
        for (const dimension of dimensions) result[dimension] = String(entry[dimension])
        return result
      })
    },
  }
}

export function supabaseCallLog(config: SupabaseConfig, timeoutMs = SUPABASE_TIMEOUT_MS): CallLog {
  const client = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { retry: false },
  })
  return {
    async record(tap) {
      const { error } = await client.from('call_clicks').insert(row(tap)).abortSignal(AbortSignal.timeout(timeoutMs))
      if (error) throw new Error(`call_clicks insert failed: ${error.message || error.code || 'unknown error'}`)
    },
    async summary() {
      // The anon role may only insert; a report reads with the owner's key (see README).
      throw new Error('The call log summary is read from Supabase with its own key, not the site’s.')
    },
  }
}
