import path from 'node:path'
import { readConfig, type Env } from '../config.ts'
import { configuredStore, sqliteFile } from '../db/index.ts'
import { sqliteOutbox } from '../db/outbox.ts'
import { experimentVisitors } from './experimentVisitors.ts'
import { budgetLimiter } from './rateLimit.ts'
import { recorder, type Recorder, type RecordJob } from './recorder.ts'
import { callLog, type CallLog } from './store.ts'

/** The configured call log: the store of record (web/lib/db: DATABASE_URL, else the SQLite file). */
export function configuredCallLog(): CallLog {
  return callLog(configuredStore)
}

/** The SQLite file of the store when no DATABASE_URL is set (CALL_LOG_FILE, default .data/calls.sqlite). */
export const callLogFile = (env: Env = process.env) => sqliteFile(env)

/** Where accepted numbers wait while the store is unreachable: OUTBOX_FILE, else beside the SQLite file (on Vercel, /tmp). */
export function outboxFile(env: Env = process.env): string {
  const config = readConfig(env)
  if (config.outboxFile) return path.resolve(/*turbopackIgnore: true*/ config.outboxFile)
  if (config.onVercel) return '/tmp/site-outbox.sqlite'
  return path.join(path.dirname(sqliteFile(env)), 'outbox.sqlite')
}

let configured: Recorder | undefined

/** This process's recorder of taps and beacons over the configured store, with its outbox. */
export function configuredRecorder(): Recorder {
  configured ??= recorder({ log: configuredCallLog(), visitors: experimentVisitors(configuredStore), outbox: sqliteOutbox<RecordJob>(outboxFile()) })
  return configured
}

/** Counts a bot turned away from a page with a running test; never throws nor waits (the page must not fail or wait for it). */
export function recordBotExcluded(experiment: string): void {
  try {
    void configuredRecorder()
      .botExcluded(experiment)
      .catch((error: unknown) => console.error(`[experiments] bot not counted: ${error instanceof Error ? error.message : String(error)}`))
  } catch (error) {
    console.error(`[experiments] bot not counted: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * Taps: 10 a minute per address, 60 per network (a busy office or a mobile carrier's NAT), and 6,000 in
 * all as a last guard (a hundred times a busy site's call taps).
 */
export const tapLimiter = budgetLimiter({ name: 'call taps', perAddress: 10, perNetwork: 60, total: 6_000, windowMs: 60_000 })

/** "Kept its version" beacons: one per page view of a page with a running A/B test. */
export const visitLimiter = budgetLimiter({ name: 'visitor beacons', perAddress: 60, perNetwork: 600, total: 60_000, windowMs: 60_000 })
