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
  /** Taps per day × page × keyword, newest day first (the report and the Studio read this). */
  summary(): Promise<CallSummaryRow[]>
}

export interface CallSummaryRow {
  day: string
  page: string
  keyword: string
  taps: number
}

export const DEFAULT_MAX_ROWS = 200_000
const SUPABASE_TIMEOUT_MS = 1_500

const COLUMNS = ['at', 'page', 'source', 'keyword', 'location', 'variant', 'experiment', 'arm', 'click_id'] as const

function row(tap: CallTap) {
  return { at: tap.at, page: tap.page, source: tap.source, keyword: tap.keyword, location: tap.location, variant: tap.variant, experiment: tap.experiment, arm: tap.arm, click_id: tap.clickId }
}

export function sqliteCallLog(file: string, maxRows = DEFAULT_MAX_ROWS): CallLog {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS call_clicks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, keyword TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '', variant TEXT NOT NULL DEFAULT '', experiment TEXT NOT NULL DEFAULT '',
      arm TEXT NOT NULL DEFAULT '', click_id INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS call_clicks_at ON call_clicks (at);
  `)
  const insert = db.prepare(`INSERT INTO call_clicks (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`)
  // Keeps the newest maxRows: a flood of fake taps cannot grow the file without bound.
  const trim = db.prepare('DELETE FROM call_clicks WHERE id <= (SELECT MAX(id) FROM call_clicks) - ?')
  const summary = db.prepare(
    "SELECT substr(at, 1, 10) AS day, page, keyword, COUNT(*) AS taps FROM call_clicks GROUP BY day, page, keyword ORDER BY day DESC, taps DESC, page, keyword",
  )
  let inserted = 0
  return {
    async record(tap) {
      const values = row(tap)
      insert.run(values.at, values.page, values.source, values.keyword, values.location, values.variant, values.experiment, values.arm, values.click_id ? 1 : 0)
      if (++inserted % 100 === 0 || inserted === 1) trim.run(maxRows)
    },
    async summary() {
      return summary.all().map((entry) => ({ day: String(entry.day), page: String(entry.page), keyword: String(entry.keyword), taps: Number(entry.taps) }))
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
