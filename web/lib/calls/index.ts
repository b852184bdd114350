import path from 'node:path'
import { readConfig, type Env } from '../config.ts'
import { fixedWindowLimiter } from './rateLimit.ts'
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

/** 10 taps a minute per address, 600 a minute in all. */
export const tapLimiter = fixedWindowLimiter({ perClient: 10, total: 600, windowMs: 60_000 })
