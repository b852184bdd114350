import { bundledLocationTable } from './bundled'
import { createLocationResolver, type LocationLookup } from './resolver'
import { createSupabaseLookup, readSupabaseConfig } from './supabase'

/** Supabase's location_data when configured, else the bundled table: one interface, one cache. */
function configuredLookup(): LocationLookup {
  const supabase = readSupabaseConfig()
  if (supabase) return createSupabaseLookup(supabase)
  return async (code) => bundledLocationTable().get(code) ?? null
}

export const resolveLocation = createLocationResolver(configuredLookup())
