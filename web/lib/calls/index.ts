import path from 'node:path'
import { readConfig, type Env } from '../config.ts'
import { budgetLimiter } from './rateLimit.ts'
import { sqliteCallLog, supabaseCallLog, type CallLog } from './store.ts'

/** The configured call log: Supabase when configured, else SQLite at CALL_LOG_FILE (default .data/calls.sqlite). */
export function configuredCallLog(env: Env = process.env): CallLog {
  const { supabase } = readConfig(env)
  if (supabase) return supabaseCallLog(supabase)
  return sqliteCallLog(callLogFile(env))
}

export function callLogFile(env: Env = process.env): string {
  // Not traced into the build output: the file is written at run time.
  return path.resolve(/*turbopackIgnore: true*/ readConfig(env).callLogFile || path.join(process.cwd(), '.data', 'calls.sqlite'))
}

/**
 * Taps: 10 a minute per address, 60 per network (a busy office or a mobile carrier's NAT), and 6,000 in
 * all as a last guard (a hundred times a busy site's call taps).
 */
export const tapLimiter = budgetLimiter({ name: 'call taps', perAddress: 10, perNetwork: 60, total: 6_000, windowMs: 60_000 })

/** "Kept its version" beacons: one per page view of a page with a running A/B test. */
export const visitLimiter = budgetLimiter({ name: 'visitor beacons', perAddress: 60, perNetwork: 600, total: 60_000, windowMs: 60_000 })
