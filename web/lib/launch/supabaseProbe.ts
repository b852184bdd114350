import { createClient } from '@supabase/supabase-js'
import type { SupabaseConfig } from '../config.ts'
import type { SupabaseProbe } from './checks.ts'

/** The launch check waits this long for Supabase; the site itself gives a lookup 800 ms. */
export const SUPABASE_PROBE_TIMEOUT_MS = 3_000

/**
 * Does Supabase answer the table the site reads? One row of location_data through the real client,
 * no retries (supabase-js retries GETs for seconds by default), given up after timeoutMs.
 */
export async function probeSupabase(config: SupabaseConfig, timeoutMs = SUPABASE_PROBE_TIMEOUT_MS): Promise<SupabaseProbe> {
  const client = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { retry: false },
  })
  try {
    const { data, error, status } = await client
      .from('location_data')
      .select('location_code')
      .limit(1)
      .abortSignal(AbortSignal.timeout(timeoutMs))
    // PostgREST answers a select with an array, even an empty one; anything else is not Supabase.
    if (!error) return Array.isArray(data) ? { reachable: true } : { reachable: false, reason: `not a Supabase answer (HTTP ${status}, no rows array)` }
    const timedOut = /abort|timeout/i.test(`${error.name ?? ''} ${error.message} ${error.details ?? ''}`)
    return { reachable: false, reason: timedOut ? `no answer within ${timeoutMs / 1000} s` : error.message || error.code || 'unknown error' }
  } catch (error) {
    return { reachable: false, reason: (error as Error).message }
  }
}
