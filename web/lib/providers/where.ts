import { bundledLocationTable } from '../location/bundled.ts'
import { bundledPostalTable, type PostalTable } from '../location/postal.ts'
import { zipsOfPlace } from '../location/places.ts'
import type { CallerPlace } from './route.ts'

/**
 * Where a caller is, from what the site knows: a location code (the landing address's loc_physical_ms, kept
 * by the lease) — a postal code gives ZIP and state, a city or county its place, state and (a city) its ZIP
 * codes (web/lib/location/places.ts), so a provider listing them serves it — or a ZIP code the
 * caller keyed in, or the state Twilio reports for the calling number.
 */
export interface LocationTables {
  places: ReadonlyMap<string, string>
  postal: PostalTable
}

let bundled: LocationTables | undefined
export const bundledTables = (): LocationTables => (bundled ??= { places: bundledLocationTable(), postal: bundledPostalTable() })

export function placeOfCode(code: string, tables: LocationTables = bundledTables()): CallerPlace | null {
  if (!/^\d{1,12}$/.test(code)) return null
  const postal = tables.postal.byCode.get(code)
  if (postal) return { zip: postal.zip, state: postal.state }
  const label = tables.places.get(code)
  const state = label?.slice(label.lastIndexOf(', ') + 2)
  if (!label || !state) return null
  const placeZips = zipsOfPlace(code)
  return placeZips.length > 0 ? { place: code, state, placeZips } : { place: code, state }
}

/** A 5-digit ZIP the location data knows, with its state; null for anything else (the caller goes on without a place). */
export function placeOfZip(digits: string, tables: LocationTables = bundledTables()): CallerPlace | null {
  const state = /^\d{5}$/.test(digits) ? tables.postal.stateOfZip.get(digits) : undefined
  return state ? { zip: digits, state } : null
}

/** Twilio's FromState (the calling number's state, as two capital letters), when it is one. */
export const placeOfCallerState = (fromState: string | null | undefined): CallerPlace | null => (fromState && /^[A-Z]{2}$/.test(fromState) ? { state: fromState } : null)

/** A place as the whisper says it: "Dallas, TX", "ZIP 75201", "TX", or ''. */
export function placeLabel(where: CallerPlace, tables: LocationTables = bundledTables()): string {
  if (where.place) return tables.places.get(where.place) ?? ''
  if (where.zip) return `${where.zip}${where.state ? `, ${where.state}` : ''}`
  return where.state ?? ''
}
