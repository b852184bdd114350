/** Where a visitor is, as the ad's location code resolved. */
export interface VisitorLocation {
  city: string
  state: string
}

/** A location code is a Google Ads criteria id: digits only. Anything else means "no lookup". */
export const LOCATION_CODE = /^\d{1,12}$/

export function isLocationCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && LOCATION_CODE.test(value)
}

/**
 * "City, ST" → { city, state }, split on the last comma plus space (a place name may hold a comma
 * itself). The state must be two capital letters; anything else is not a usable label.
 */
export function parseCityState(label: string | null | undefined): VisitorLocation | null {
  if (typeof label !== 'string') return null
  const at = label.lastIndexOf(', ')
  if (at <= 0) return null
  const city = label.slice(0, at).trim()
  const state = label.slice(at + 2).trim()
  if (!city || city.length > 80 || !/^[A-Z]{2}$/.test(state)) return null
  return { city, state }
}

export function formatCityState({ city, state }: VisitorLocation): string {
  return `${city}, ${state}`
}
