import type { Place, PlaceData } from '../location/places.ts'
import type { Provider } from '../providers/provider.ts'
import { placeSlugs, type PlaceSlugs } from './slugs.ts'

/**
 * Which service-area pages exist and which are indexable, from the content (pest pages, active providers) and the
 * location data; place notes are read per page (a place with one is indexable). A provider serves a place for a pest when it serves the
 * pest (no pests listed: every pest) and lists the place's code, one of its ZIP codes or their 3-digit prefix, its
 * state, or works everywhere; it serves it *specifically* by place code, ZIP code or prefix. A place page exists
 * where some provider serves the place; it is indexable when one serves it specifically or it has a place note.
 * Built once per version of the content; every lookup is a few map reads, whatever the number of places.
 */
export interface PestPageFacts {
  slug: string
  /** The pest document's id; null when the page names none (it then has no service-area pages). */
  pest: string | null
  /** The pest's name and the page's headline, for the wording ({pest}, {service}). */
  pestName?: string | null
  service?: string | null
  updatedAt: string
}

export interface AreaContent {
  pestPages: readonly PestPageFacts[]
  providers: readonly Provider[]
  /** Provider id → its last edit. */
  providerUpdates?: ReadonlyMap<string, string>
}

export interface ServingProvider {
  provider: Provider
  /** By the place's code, ZIP codes or their prefix (not only by state or everywhere). */
  specific: boolean
  /** The place's ZIP codes it covers: all of them unless it lists only some. */
  zips: readonly string[]
}

export type AreaAddress =
  | { kind: 'hub'; page: PestPageFacts; state: string }
  | { kind: 'place'; page: PestPageFacts; state: string; place: Place }

/** Where the providers of one pest work, compactly: every place, whole states, and single places. */
interface PestCoverage {
  everywhere: boolean
  states: Set<string>
  /** Places served by code, ZIP or prefix. */
  specific: Set<string>
}

const servesPest = (provider: Provider, pest: string) => provider.pests.size === 0 || provider.pests.has(pest)

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export class ServiceAreaDirectory {
  readonly slugs: PlaceSlugs
  readonly #data: PlaceData
  readonly #content: AreaContent
  readonly #pages = new Map<string, PestPageFacts>()
  readonly #byPlace = new Map<string, Provider[]>()
  readonly #byZip = new Map<string, Provider[]>()
  readonly #byPrefix = new Map<string, Provider[]>()
  readonly #byState = new Map<string, Provider[]>()
  readonly #everywhere: Provider[] = []
  readonly #coverage = new Map<string, PestCoverage>()

  constructor(content: AreaContent, data: PlaceData, slugs: PlaceSlugs = placeSlugs(data)) {
    this.#data = data
    this.#content = content
    this.slugs = slugs
    for (const page of content.pestPages) if (page.pest) this.#pages.set(page.slug, page)
    for (const provider of content.providers) {
      for (const code of provider.places) add(this.#byPlace, code, provider)
      for (const zip of provider.zips) add(this.#byZip, zip, provider)
      for (const prefix of provider.prefixes) add(this.#byPrefix, prefix, provider)
      for (const state of provider.states) add(this.#byState, state, provider)
      if (provider.everywhere) this.#everywhere.push(provider)
    }
  }

  get pestPages(): PestPageFacts[] {
    return [...this.#pages.values()]
  }

  /** The pest page at a path segment, when it can have service-area pages. */
  pestPage(slug: string): PestPageFacts | undefined {
    return this.#pages.get(slug)
  }

  /** Where the providers of a pest work, worked out once per pest. */
  #coverageOf(pest: string): PestCoverage {
    let coverage = this.#coverage.get(pest)
    if (coverage) return coverage
    coverage = { everywhere: false, states: new Set(), specific: new Set() }
    for (const provider of this.#content.providers) {
      if (!servesPest(provider, pest)) continue
      if (provider.everywhere) coverage.everywhere = true
      for (const state of provider.states) coverage.states.add(state)
      for (const code of provider.places) if (this.#data.byCode.has(code)) coverage.specific.add(code)
      for (const zip of provider.zips) for (const place of this.#data.byZip.get(zip) ?? []) coverage.specific.add(place.code)
      for (const prefix of provider.prefixes) for (const place of this.#data.byPrefix.get(prefix) ?? []) coverage.specific.add(place.code)
    }
    this.#coverage.set(pest, coverage)
    return coverage
  }

  isServed(pest: string, place: Place): boolean {
    const coverage = this.#coverageOf(pest)
    return coverage.everywhere || coverage.states.has(place.state) || coverage.specific.has(place.code)
  }

  /** Served by a provider by its code, ZIP codes or their prefix (a served place with a note is indexable too). */
  isServedSpecifically(pest: string, place: Place): boolean {
    return this.#coverageOf(pest).specific.has(place.code)
  }

  isIndexable(pest: string, place: Place, hasNote: boolean): boolean {
    return this.isServed(pest, place) && (hasNote || this.isServedSpecifically(pest, place))
  }

  /** The providers serving a place for a pest: specific ones first, then by name. */
  serving(pest: string, place: Place): ServingProvider[] {
    const found = new Map<string, ServingProvider>()
    const note = (provider: Provider, specific: boolean, zips: readonly string[]) => {
      if (!servesPest(provider, pest)) return
      const known = found.get(provider.id)
      if (!known) return void found.set(provider.id, { provider, specific, zips })
      const merged = new Set([...known.zips, ...zips])
      found.set(provider.id, { provider, specific: known.specific || specific, zips: place.zips.filter((zip) => merged.has(zip)) })
    }
    for (const provider of this.#byPlace.get(place.code) ?? []) note(provider, true, place.zips)
    for (const zip of place.zips) {
      for (const provider of this.#byZip.get(zip) ?? []) note(provider, true, [zip])
      for (const provider of this.#byPrefix.get(zip.slice(0, 3)) ?? []) note(provider, true, [zip])
    }
    for (const provider of this.#byState.get(place.state) ?? []) note(provider, false, place.zips)
    for (const provider of this.#everywhere) note(provider, false, place.zips)
    return [...found.values()].sort((a, b) => Number(b.specific) - Number(a.specific) || a.provider.name.localeCompare(b.provider.name, 'en'))
  }

  /** The places of a state served for a pest, by name. */
  servedPlaces(pest: string, state: string): Place[] {
    return (this.#data.byState.get(state) ?? []).filter((place) => this.isServed(pest, place))
  }

  /** The states with at least one place served for a pest, by USPS code. */
  servedStates(pest: string): string[] {
    const coverage = this.#coverageOf(pest)
    const states = new Set(coverage.everywhere ? this.#data.byState.keys() : coverage.states)
    for (const code of coverage.specific) states.add(this.#data.byCode.get(code)!.state)
    return [...states].filter((state) => this.#data.byState.has(state)).sort()
  }

  /** The indexable places of a state for a pest, by name (`noted`: the location codes with a place note). */
  indexablePlaces(pest: string, state: string, noted: ReadonlySet<string>): Place[] {
    return this.servedPlaces(pest, state).filter((place) => this.isIndexable(pest, place, noted.has(place.code)))
  }

  hubIndexable(pest: string, state: string, noted: ReadonlySet<string>): boolean {
    return this.servedPlaces(pest, state).some((place) => this.isIndexable(pest, place, noted.has(place.code)))
  }

  statePath(pestSlug: string, state: string): string {
    return `/${pestSlug}/${this.slugs.slugOfState.get(state)}`
  }

  placePath(pestSlug: string, place: Place): string {
    return `${this.statePath(pestSlug, place.state)}/${this.slugs.slugOfPlace.get(place.code)}`
  }

  /** The page at `/{pest page}/{state}` or `/{pest page}/{state}/{place}`, when some provider serves it. */
  resolve(segments: readonly string[]): AreaAddress | null {
    if (segments.length !== 2 && segments.length !== 3) return null
    const page = this.#pages.get(segments[0]!)
    const state = this.slugs.stateBySlug.get(segments[1]!)
    if (!page?.pest || !state) return null
    if (segments.length === 2) return this.servedStates(page.pest).includes(state) ? { kind: 'hub', page, state } : null
    const place = this.slugs.placeBySlug.get(state)?.get(segments[2]!)
    return place && this.isServed(page.pest, place) ? { kind: 'place', page, state, place } : null
  }

  /** A page's last change: its pest page, the providers serving it and its place note's (`noteUpdatedAt`). */
  lastModified(page: PestPageFacts, place?: Place, noteUpdatedAt?: string): string {
    const dates = [page.updatedAt, noteUpdatedAt ?? '']
    if (place && page.pest) {
      for (const { provider } of this.serving(page.pest, place)) dates.push(this.#content.providerUpdates?.get(provider.id) ?? '')
    }
    return dates.filter(Boolean).sort().at(-1) ?? page.updatedAt
  }
}
