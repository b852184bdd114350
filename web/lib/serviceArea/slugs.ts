import type { Place, PlaceData } from '../location/places.ts'

/**
 * The addresses of service-area pages: `/{pest page}/{state}/{place}`. A name becomes a path segment with its
 * accents dropped, in lower case, every run of other characters one hyphen ("D'Hanis" → "d-hanis", "Cañon City"
 * → "canon-city"). Places of one state whose names give the same segment each take their location code as a
 * suffix ("washington-township-1018400"), so no address depends on which row came first.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export interface PlaceSlugs {
  /** State segment ("texas") → USPS code. */
  stateBySlug: ReadonlyMap<string, string>
  /** USPS code → state segment. */
  slugOfState: ReadonlyMap<string, string>
  /** USPS code → place segment → place. */
  placeBySlug: ReadonlyMap<string, ReadonlyMap<string, Place>>
  /** Location code → place segment. */
  slugOfPlace: ReadonlyMap<string, string>
}

export function placeSlugs(data: PlaceData): PlaceSlugs {
  const stateBySlug = new Map<string, string>()
  const slugOfState = new Map<string, string>()
  for (const [state, name] of data.stateNames) {
    stateBySlug.set(slugify(name), state)
    slugOfState.set(state, slugify(name))
  }
  const placeBySlug = new Map<string, Map<string, Place>>()
  const slugOfPlace = new Map<string, string>()
  for (const [state, places] of data.byState) {
    const base = (place: Place) => slugify(place.name) || place.code
    const counts = new Map<string, number>()
    for (const place of places) counts.set(base(place), (counts.get(base(place)) ?? 0) + 1)
    const bySlug = new Map<string, Place>()
    for (const place of places) {
      const slug = counts.get(base(place))! > 1 ? `${base(place)}-${place.code}` : base(place)
      bySlug.set(slug, place)
      slugOfPlace.set(place.code, slug)
    }
    placeBySlug.set(state, bySlug)
  }
  return { stateBySlug, slugOfState, placeBySlug, slugOfPlace }
}
