import { createClient, type SupabaseClient } from '@supabase/supabase-js'

/** supabase-js has no timeout of its own and retries GETs for seconds: both are set here. */
export const SUPABASE_TIMEOUT_MS = 800

export interface SupabaseConfig {
  url: string
  anonKey: string
}

export function readSupabaseConfig(env: Record<string, string | undefined> = process.env): SupabaseConfig | null {
  const url = env.SUPABASE_URL?.trim()
  const anonKey = env.SUPABASE_ANON_KEY?.trim()
  return url && anonKey ? { url, anonKey } : null
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
