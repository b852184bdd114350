import { LRUCache } from 'lru-cache'
import { cache } from 'react'
import { bundledPlaceData, nearby, stateName, type Place } from '@/lib/location/places'
import { parseProviders } from '@/lib/providers/provider'
import { fetchContent } from '@/lib/sanity/fetch'
import { ServiceAreaDirectory, type AreaAddress, type PestPageFacts } from '@/lib/serviceArea/directory'
import type { HoursLine } from '@/lib/serviceArea/hours'
import { fillWording, type Fill } from '@/lib/serviceArea/wording'
import type { BlockContent, ServiceAreaContentQueryResult, ServiceAreaSettingsQueryResult } from '@/sanity.types'
import { getRoute, TAGS, type RoutedDocument } from './loaders'
import { notedPlacesQuery, pestStateNoteQuery, placeNoteQuery, serviceAreaContentQuery, serviceAreaSettingsQuery } from './queries'

/**
 * The service-area pages' content (docs/service-areas.md): whether they are on, which exist (the directory, built
 * once per version of the pest pages and providers), and what one page shows. Every fetch carries the tags a
 * publish revalidates: Site settings for the switch and words, `serviceArea` for providers and notes, `routes`
 * for which pages exist.
 */
export const getServiceAreaSettings = cache(() => fetchContent(serviceAreaSettingsQuery, {}, [TAGS.settings]))

export type AreaWording = NonNullable<NonNullable<ServiceAreaSettingsQueryResult>['wording']>

/** How many place pages a build makes at most (Site settings' "Places built ahead", for each pest that serves them). */
export const MAX_PREBUILT_PLACE_PAGES = 300
/** Nearby places a place page links to. */
export const NEARBY_PLACES = 10

const directories = new LRUCache<string, ServiceAreaDirectory>({ max: 2 })

/** The directory of this content: the same object for as long as the pest pages and providers are unchanged. */
export function directoryOf(content: ServiceAreaContentQueryResult): ServiceAreaDirectory {
  const key = JSON.stringify([content.pestPages, content.providers.map((provider) => [provider._id, provider._updatedAt])])
  let directory = directories.get(key)
  if (!directory) {
    const pestPages: PestPageFacts[] = content.pestPages.map((page) => ({ slug: page.slug, pest: page.pest, pestName: page.pestName, service: page.service, updatedAt: page._updatedAt }))
    // The qualified-call minimum does not matter here: only where providers work and when they are open.
    const providers = parseProviders(content.providers, 0)
    const providerUpdates = new Map(content.providers.map((provider) => [provider._id, provider._updatedAt]))
    directories.set(key, (directory = new ServiceAreaDirectory({ pestPages, providers, providerUpdates }, bundledPlaceData())))
  }
  return directory
}

/** The directory when service-area pages are on (Site settings), else null: no such page exists. */
export const getDirectory = cache(async (): Promise<ServiceAreaDirectory | null> => {
  const settings = await getServiceAreaSettings()
  if (settings?.enabled !== true) return null
  return directoryOf(await fetchContent(serviceAreaContentQuery, {}, [TAGS.serviceArea, TAGS.routes]))
})

/** The location codes among `codes` that have a place note. */
export async function notedPlaces(codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  return new Set(await fetchContent(notedPlacesQuery, { places: [...codes] }, [TAGS.serviceArea]))
}

interface AreaPageBase {
  path: string
  doc: Extract<RoutedDocument, { _type: 'pestPage' }>
  wording: AreaWording
  fill: Fill
  indexable: boolean
  crumbs: { name: string; path: string }[]
  stateNote: BlockContent | null
}

export interface ShownServingProvider {
  id: string
  name: string
  zips: readonly string[] | null
  hours: HoursLine[]
  timeZone: string
}

export type AreaPage =
  | (AreaPageBase & { kind: 'hub'; places: { name: string; href: string }[] })
  | (AreaPageBase & { kind: 'place'; place: Place; providers: ShownServingProvider[]; zips: string[]; nearby: { name: string; href: string }[]; placeNote: BlockContent | null })

/** The page at a service-area address (its path segments joined by "/"), or null: not-found. */
export const getAreaPage = cache(async (path: string): Promise<AreaPage | null> => {
  const directory = await getDirectory()
  const address = directory?.resolve(path.split('/').filter(Boolean))
  if (!directory || !address?.page.pest) return null
  const pest = address.page.pest
  const [doc, settings, stateNote] = await Promise.all([
    getRoute(address.page.slug),
    getServiceAreaSettings(),
    fetchContent(pestStateNoteQuery, { pest, state: address.state }, [TAGS.serviceArea]),
  ])
  if (doc?._type !== 'pestPage' || !settings?.wording) return null
  const name = stateName(address.state) ?? address.state
  const fill: Fill = { service: address.page.service ?? '', pest: address.page.pestName ?? '', state: address.state, stateName: name }
  const statePath = directory.statePath(address.page.slug, address.state)
  const base = { doc, wording: settings.wording, stateNote: stateNote?.text ?? null }
  const crumbs = [
    { name: address.page.service ?? address.page.slug, path: `/${address.page.slug}` },
    { name, path: statePath },
  ]
  if (address.kind === 'hub') return hubPage(directory, address, { ...base, fill, crumbs, path: statePath })
  const { place } = address
  const placePath = directory.placePath(address.page.slug, place)
  const placeNote = await fetchContent(placeNoteQuery, { place: place.code }, [TAGS.serviceArea])
  const serving = directory.serving(pest, place)
  const covered = new Set(serving.flatMap((entry) => entry.zips))
  return {
    ...base,
    kind: 'place',
    path: placePath,
    place,
    fill: { ...fill, place: place.name },
    crumbs: [...crumbs, { name: place.name, path: placePath }],
    indexable: directory.isIndexable(pest, place, Boolean(placeNote)),
    placeNote: placeNote?.text ?? null,
    providers: serving.map(({ provider, zips }) => ({
      id: provider.id,
      name: provider.name,
      zips: zips.length < place.zips.length ? [...zips] : null,
      hours: provider.hours.map((line) => [line.day, line.open, line.close] as HoursLine),
      timeZone: provider.timeZone,
    })),
    zips: place.zips.filter((zip) => covered.has(zip)),
    nearby: nearby(place.code, NEARBY_PLACES, (other) => directory.isServed(pest, other)).map(({ place: other }) => ({
      name: other.state === place.state ? other.name : `${other.name}, ${other.state}`,
      href: directory.placePath(address.page.slug, other),
    })),
  }
})

async function hubPage(directory: ServiceAreaDirectory, address: Extract<AreaAddress, { kind: 'hub' }>, base: Omit<AreaPageBase, 'indexable'>): Promise<AreaPage> {
  const pest = address.page.pest!
  const places = directory.servedPlaces(pest, address.state)
  const noted = await notedPlaces(places.map((place) => place.code))
  return {
    ...base,
    kind: 'hub',
    indexable: directory.hubIndexable(pest, address.state, noted),
    places: places.map((place) => ({ name: place.name, href: directory.placePath(address.page.slug, place) })),
  }
}

/** A wording of Site settings → Service-area pages, filled for this page. */
export const areaWords = (page: AreaPage, name: keyof AreaWording): string => fillWording(page.wording[name] as string | null, page.fill)

/**
 * The service-area pages a build makes: every state page, and the places of Site settings' "Places built ahead"
 * for each pest page that serves them, at most MAX_PREBUILT_PLACE_PAGES. Every other place page is rendered on its
 * first request and kept (ISR), revalidated by the same tags.
 */
export async function areaStaticPaths(): Promise<string[][]> {
  const [directory, settings] = await Promise.all([getDirectory(), getServiceAreaSettings()])
  if (!directory) return []
  const paths: string[][] = []
  for (const page of directory.pestPages) {
    for (const state of directory.servedStates(page.pest!)) paths.push(directory.statePath(page.slug, state).split('/').filter(Boolean))
  }
  const data = bundledPlaceData()
  let places = 0
  for (const code of settings?.prebuild ?? []) {
    const place = data.byCode.get(code)
    for (const page of place ? directory.pestPages : []) {
      if (places >= MAX_PREBUILT_PLACE_PAGES) return paths
      if (!directory.isServed(page.pest!, place!)) continue
      paths.push(directory.placePath(page.slug, place!).split('/').filter(Boolean))
      places++
    }
  }
  return paths
}
