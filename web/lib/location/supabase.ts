import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { readConfig, serverConfig, type Env, type SupabaseConfig } from '../config.ts'

/** supabase-js has no timeout of its own and retries GETs for seconds: both are set here. */
export const SUPABASE_TIMEOUT_MS = 800

export type { SupabaseConfig }

/** Supabase's settings in this environment (web/lib/config.ts), or in the one given. */
export function readSupabaseConfig(env?: Env): SupabaseConfig | null {
  return env ? readConfig(env).supabase : serverConfig().supabase
}

export function createSupabaseLookup(config: SupabaseConfig, timeoutMs = SUPABASE_TIMEOUT_MS) {
  // Server-side and anonymous: no session to persist or refresh.
  const client: SupabaseClient = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { retry: false },
  })
  /** The "City, ST" of a code; null when there is no row; throws on any failure or timeout. */
  return async function lookup(code: string): Promise<string | null> {
    const { data, error } = await client
      .from('location_data')
      .select('city_stateabbr')
      .eq('location_code', code)
      .retry(false)
      .abortSignal(AbortSignal.timeout(timeoutMs))
      .maybeSingle<{ city_stateabbr: string | null }>()
    if (error) throw new Error(`location_data lookup failed: ${error.message || error.code || 'unknown error'}`)
    return data?.city_stateabbr ?? null
  }
}
