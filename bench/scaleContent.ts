import { bundledPlaceData, type Place } from '../web/lib/location/places.ts'
import type { SanityDocumentLike } from '../web/lib/sanity/localDataset.ts'
import { paragraphs, SERVICE_AREA_WORDING } from '../tests/support/serviceAreaFixture.ts'

/**
 * Content for `npm run bench:scale`: the bundled dataset with service-area pages on, providers that make exactly
 * `places` place pages (each provider one pest, 25 places listed by code, every pair a different place), Site
 * settings' "Places built ahead" (`prebuild` of them), and `documents` other documents: the providers, a pest note
 * per served state, and place notes (one in four on a served place) for the rest.
 */
export interface ScaleContent {
  documents: SanityDocumentLike[]
  /** Place pages that exist, as paths. */
  placePaths: string[]
  /** Those the build makes ahead. */
  prebuilt: Set<string>
}

const PER_PROVIDER = 25

/** A fixed shuffle (a linear congruential generator), so every run serves the same places. */
function shuffled<T>(items: readonly T[], seed = 42): T[] {
  const copy = [...items]
  let state = seed
  for (let index = copy.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    const other = state % (index + 1)
    ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
  }
  return copy
}

export function scaleContent(bundled: readonly SanityDocumentLike[], { places, documents, prebuild }: { places: number; documents: number; prebuild: number }, pathOf: (pestPage: string, place: Place) => string): ScaleContent {
  const pestPages = bundled.filter((doc) => doc._type === 'pestPage').map((doc) => ({ slug: (doc.slug as { current: string }).current, pest: (doc.pest as { _ref: string })._ref }))
  const data = bundledPlaceData()
  const candidates = shuffled([...data.byCode.values()].filter((place) => place.zips.length > 0))
  if (places > candidates.length) throw new Error(`at most ${candidates.length} place pages with distinct places`)
  const providers: SanityDocumentLike[] = []
  const placePaths: string[] = []
  const served: Place[] = []
  for (let first = 0, index = 0; first < places; first += PER_PROVIDER, index++) {
    const page = pestPages[index % pestPages.length]!
    const listed = candidates.slice(first, Math.min(places, first + PER_PROVIDER))
    for (const place of listed) {
      placePaths.push(pathOf(page.slug, place))
      served.push(place)
    }
    providers.push({
      _id: `provider-bench-${index}`,
      _type: 'provider',
      _updatedAt: '2026-03-01T12:00:00Z',
      name: `Bench Pest Control ${index + 1}`,
      phone: `+1512${String(5_550_000 + index).padStart(7, '0')}`,
      active: true,
      places: listed.map((place) => place.code),
      pests: [{ _type: 'reference', _key: 'p', _ref: page.pest }],
      hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ _type: 'openHours', _key: day, day, open: '08:00', close: '18:00' })),
      timeZone: 'America/Chicago',
    })
  }
  const states = [...new Set(served.map((place) => place.state))]
  const stateNotes = pestPages.flatMap((page) => states.map((state) => ({ page, state }))).slice(0, Math.max(0, documents - providers.length))
  const others: SanityDocumentLike[] = stateNotes.map(({ page, state }) => ({ _id: `pestStateNote-${page.slug}-${state}`, _type: 'pestStateNote', _updatedAt: '2026-03-01T12:00:00Z', pest: { _type: 'reference', _ref: page.pest }, state, text: paragraphs(`What to know about this pest in ${state}.`) }))
  const unserved = candidates.slice(places)
  for (let index = 0; providers.length + others.length < documents; index++) {
    const place = index % 4 === 0 && served.length > 0 ? served[(index / 4) % served.length]! : unserved[index % Math.max(1, unserved.length)] ?? candidates[index % candidates.length]!
    others.push({ _id: `placeNote-bench-${index}`, _type: 'placeNote', _updatedAt: '2026-03-02T12:00:00Z', place: place.code, text: paragraphs(`A note about ${place.name}.`) })
  }
  const prebuiltPaths = placePaths.slice(0, prebuild)
  const settings = (doc: SanityDocumentLike) => ({ ...doc, serviceAreaPages: true, serviceAreaWording: { ...SERVICE_AREA_WORDING, prebuild: served.slice(0, prebuild).map((place) => place.code) } })
  return {
    documents: [...bundled.map((doc) => (doc._type === 'siteSettings' ? settings(doc) : doc)), ...providers, ...others],
    placePaths,
    prebuilt: new Set(prebuiltPaths),
  }
}
