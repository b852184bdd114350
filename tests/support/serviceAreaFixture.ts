import type { SanityDocumentLike } from '../../web/lib/sanity/localDataset'

/**
 * Content with service-area pages on: the bundled dataset, its Site settings switched on with their wording, and
 * providers in three states (one by state, one by ZIP codes, one by place) plus one that is paused, a place note
 * and a pest note for a state. Shared by the unit tests, the browser test and the screenshot.
 */
export const PLACES = {
  austin: '1026201',
  roundRock: '1026748',
  coloradoSprings: '1014471',
  tampa: '1015214',
  miami: '1015116',
} as const

export const SERVICE_AREA_WORDING = {
  placeTitle: '{service} in {place}, {state}',
  placeDescription: 'Local {pest} control in {place}, {stateName}: the providers who serve {place}, the ZIP codes they cover and their hours. Free quotes.',
  stateTitle: '{service} in {stateName}',
  stateDescription: 'Local {pest} control across {stateName}: find the places our providers serve.',
  providersHeading: 'Local providers serving {place}',
  coversAll: 'Serves all of {place}',
  coversZips: 'Serves ZIP codes',
  today: 'Today',
  openNow: 'Open now',
  closedNow: 'Closed now',
  openAllDay: 'Open 24 hours',
  closedToday: 'Closed today',
  zipsHeading: 'ZIP codes covered in {place}',
  nearbyHeading: 'Nearby places we serve',
  placesHeading: 'Places we serve in {stateName}',
  breadcrumbLabel: 'Breadcrumb',
}

let keys = 0
const key = () => `k${++keys}`

/** Portable Text of one paragraph per string. */
export function paragraphs(...texts: string[]) {
  return texts.map((text) => ({ _type: 'block', _key: key(), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: key(), text, marks: [] }] }))
}

const hours = (days: string[], open: string, close: string) => days.map((day) => ({ _type: 'openHours', _key: key(), day, open, close }))
const UPDATED = '2026-03-01T12:00:00Z'

export const FIXTURE_PROVIDERS: SanityDocumentLike[] = [
  {
    _id: 'provider-lone-star',
    _type: 'provider',
    _updatedAt: UPDATED,
    name: 'Lone Star Pest Pros',
    phone: '+15125550101',
    active: true,
    states: ['TX'],
    hours: [...hours(['mon', 'tue', 'wed', 'thu', 'fri'], '07:00', '19:00'), ...hours(['sat'], '08:00', '14:00')],
    timeZone: 'America/Chicago',
  },
  {
    _id: 'provider-front-range',
    _type: 'provider',
    _updatedAt: '2026-03-02T12:00:00Z',
    name: 'Front Range Exterminators',
    phone: '+17195550102',
    active: true,
    zips: ['80903', '80904', '80905', '80906', '80907'],
    pests: [{ _type: 'reference', _key: key(), _ref: 'pest-ant' }],
    hours: hours(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], '08:00', '17:00'),
    timeZone: 'America/Denver',
  },
  { _id: 'provider-gulf-coast', _type: 'provider', _updatedAt: UPDATED, name: 'Gulf Coast Pest Control', phone: '+18135550103', active: true, places: [PLACES.tampa], timeZone: 'America/New_York' },
  { _id: 'provider-paused', _type: 'provider', _updatedAt: UPDATED, name: 'Paused Pest Co', phone: '+13055550104', active: false, places: [PLACES.miami], timeZone: 'America/New_York' },
]

export const FIXTURE_NOTES: SanityDocumentLike[] = [
  {
    _id: 'placeNote-round-rock',
    _type: 'placeNote',
    _updatedAt: '2026-03-03T12:00:00Z',
    place: PLACES.roundRock,
    text: paragraphs('Round Rock’s limestone soil and creek-side greenbelts keep fire ant mounds busy from March to November.'),
  },
  {
    _id: 'pestStateNote-ants-tx',
    _type: 'pestStateNote',
    _updatedAt: UPDATED,
    pest: { _type: 'reference', _ref: 'pest-ant' },
    state: 'TX',
    text: paragraphs('Texas has red imported fire ants in every county east of the Pecos; after a rain, new mounds appear within days.'),
  },
]

/** The bundled documents with service-area pages on (or, `enabled: false`, the same content with them off). */
export function serviceAreaDocuments(bundled: readonly SanityDocumentLike[], { enabled = true } = {}): SanityDocumentLike[] {
  const documents = bundled.map((doc) => (doc._type === 'siteSettings' ? { ...doc, serviceAreaPages: enabled, serviceAreaWording: { ...SERVICE_AREA_WORDING } } : doc))
  return [...documents, ...FIXTURE_PROVIDERS, ...FIXTURE_NOTES]
}
