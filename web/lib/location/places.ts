import KDBush from 'kdbush'
import { around, distance } from 'geokdbush'
import { readServerFile } from '../serverFiles.ts'

/**
 * The cities of the location data with their ZIP codes and coordinates (web/data/places.tsv, joined by
 * scripts/locations/places.ts from Google's geo targets and the npm package zipcodes), and the state names
 * (web/data/states.tsv). One join for everything that links a place to ZIP codes: the service-area pages, and
 * call routing, where a visit located at a city reaches a provider that lists that city's ZIP codes.
 * Read once per process on first use; empty where there is no file (the Studio in a browser).
 */
export interface Place {
  /** The location code (Google Ads criteria id, as loc_physical_ms sends it). */
  code: string
  name: string
  /** USPS state code. */
  state: string
  latitude: number | null
  longitude: number | null
  /** Five-digit ZIP codes, ascending; empty when none joins the place. */
  zips: readonly string[]
}

export interface PlaceData {
  byCode: ReadonlyMap<string, Place>
  byZip: ReadonlyMap<string, readonly Place[]>
  /** Three-digit ZIP prefix → the places with a ZIP code under it. */
  byPrefix: ReadonlyMap<string, readonly Place[]>
  /** USPS state → its places, by name. */
  byState: ReadonlyMap<string, readonly Place[]>
  stateNames: ReadonlyMap<string, string>
  /** Places with coordinates, in the order of the spatial index. */
  located: readonly Place[]
  index: KDBush | null
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export function parsePlaceData(placesText: string, statesText = ''): PlaceData {
  const byCode = new Map<string, Place>()
  const byZip = new Map<string, Place[]>()
  const byPrefix = new Map<string, Place[]>()
  const byState = new Map<string, Place[]>()
  const located: Place[] = []
  for (const line of placesText.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const [code, name, state, latitude, longitude, zipList] = line.split('\t')
    if (!code || !name || !state) continue
    const zips = zipList ? zipList.split(' ').filter((zip) => /^\d{5}$/.test(zip)) : []
    const place: Place = { code, name, state, latitude: latitude ? Number(latitude) : null, longitude: longitude ? Number(longitude) : null, zips }
    byCode.set(code, place)
    push(byState, state, place)
    for (const zip of zips) push(byZip, zip, place)
    for (const prefix of new Set(zips.map((zip) => zip.slice(0, 3)))) push(byPrefix, prefix, place)
    if (place.latitude !== null && place.longitude !== null && Number.isFinite(place.latitude) && Number.isFinite(place.longitude)) located.push(place)
  }
  for (const list of byState.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code))
  const stateNames = new Map<string, string>()
  for (const line of statesText.split('\n')) {
    const [state, name] = line.startsWith('#') ? [] : line.split('\t')
    if (state && name) stateNames.set(state, name)
  }
  let index: KDBush | null = null
  if (located.length > 0) {
    index = new KDBush(located.length)
    for (const place of located) index.add(place.longitude!, place.latitude!)
    index.finish()
  }
  return { byCode, byZip, byPrefix, byState, stateNames, located, index }
}

let bundled: PlaceData | undefined
export function bundledPlaceData(): PlaceData {
  bundled ??= parsePlaceData(readServerFile('web', 'data', 'places.tsv') ?? '', readServerFile('web', 'data', 'states.tsv') ?? '')
  return bundled
}

/** The place of a location code, when it is a city of the location data. */
export const placeOf = (code: string, data: PlaceData = bundledPlaceData()): Place | undefined => data.byCode.get(code)

/** The ZIP codes of a place (a city's location code); empty for an unknown code or a place no ZIP joins. */
export const zipsOfPlace = (code: string, data: PlaceData = bundledPlaceData()): readonly string[] => data.byCode.get(code)?.zips ?? []

/** The location codes of the places a five-digit ZIP code belongs to (usually one). */
export const placesOfZip = (zip: string, data: PlaceData = bundledPlaceData()): string[] => (data.byZip.get(zip) ?? []).map((place) => place.code)

/** The places with a ZIP code under a three-digit prefix. */
export const placesOfPrefix = (prefix: string, data: PlaceData = bundledPlaceData()): readonly Place[] => data.byPrefix.get(prefix) ?? []

export function coordinatesOf(code: string, data: PlaceData = bundledPlaceData()): { latitude: number; longitude: number } | null {
  const place = data.byCode.get(code)
  return place && place.latitude !== null && place.longitude !== null ? { latitude: place.latitude, longitude: place.longitude } : null
}

/** A state's name ("TX" → "Texas"). */
export const stateName = (state: string, data: PlaceData = bundledPlaceData()): string | undefined => data.stateNames.get(state)

/** How far a place may be to count as near: beyond it a visitor would not call it nearby, and the search stops. */
export const NEARBY_MAX_KM = 300

/**
 * The `count` places nearest to a place (itself left out), nearest first, each with its distance in kilometres,
 * among those `accept` lets through, within `maxKm` (a kd-tree, geokdbush: the cost grows with the places looked
 * at, not with the table).
 */
export function nearby(code: string, count: number, accept: (place: Place) => boolean = () => true, data: PlaceData = bundledPlaceData(), maxKm = NEARBY_MAX_KM): { place: Place; km: number }[] {
  const origin = coordinatesOf(code, data)
  if (!origin || !data.index || count <= 0) return []
  const ids = around(data.index, origin.longitude, origin.latitude, count, maxKm, (id) => data.located[id]!.code !== code && accept(data.located[id]!))
  return ids.map((id) => {
    const place = data.located[id]!
    return { place, km: distance(origin.longitude, origin.latitude, place.longitude!, place.latitude!) }
  })
}
