import type { SanityDocumentLike } from '../../web/lib/sanity/localDataset.ts'
import type { CallTrackingFields } from '../../web/lib/calls/settings.ts'

/**
 * The call-tracking demo (studio/dataset/call-tracking-demo.ndjson): the bundled content with call tracking
 * on, a fictional business line and a pool of four fictional numbers (555-01xx, which `check:launch` blocks
 * like the default number), so `npm run calls:demo` and `calls:simulate` work with no account.
 */
export const DEMO_CALL_TRACKING: Required<Pick<CallTrackingFields, 'enabled' | 'businessLine' | 'pool' | 'missedCall' | 'missedMessage' | 'timeZone' | 'conversionName' | 'conversionValue' | 'conversionCurrency'>> = {
  enabled: true,
  businessLine: '+13125550150',
  pool: ['+13125550161', '+13125550162', '+13125550163', '+13125550164'],
  missedCall: 'message',
  missedMessage: 'Sorry we missed your call. We will call you back within the hour.',
  timeZone: 'America/Chicago',
  conversionName: 'Qualified call',
  conversionValue: 50,
  conversionCurrency: 'USD',
}

/** Routing on: providers first, a ZIP prompt for callers from nowhere known, and a text to a missed caller. */
export const DEMO_ROUTING: Required<Pick<CallTrackingFields, 'routing' | 'ringSeconds' | 'maxProviders' | 'askZipWhenUnknown' | 'textBack' | 'spokenReferral'>> = {
  routing: true,
  spokenReferral: 'Thanks for calling {business}, a free referral service; we’ll connect you with an independent local provider.',
  ringSeconds: 20,
  maxProviders: 3,
  askZipWhenUnknown: true,
  textBack: { enabled: true, body: 'Sorry we missed your call to Local Pest Experts. A local pro will call you back shortly. Reply STOP to opt out.', onceEveryHours: 24 },
}

const pestRef = (id: string) => ({ _type: 'reference', _ref: id, _key: id })
const hours = (days: string[], open: string, close: string) => days.map((day) => ({ _type: 'openHours', _key: `${day}-${open}`, day, open, close }))

/**
 * Three fictional providers (555-01xx numbers) in different states, with different hours and caps. The two that
 * take Texas answer at any hour, so a newcomer plays a routed and a failed-over call whenever they try the demo.
 */
export const DEMO_PROVIDERS: SanityDocumentLike[] = [
  {
    _id: 'provider-lone-star', _type: 'provider', name: 'Lone Star Pest Pros', phone: '+12145550181', active: true, portalEmails: ['office@lonestar-pest.example'],
    states: ['TX'], zips: ['752'], places: ['1026339'], everywhere: false, pests: [],
    hours: [], timeZone: 'America/Chicago',
    priority: 1, weight: 1, dailyCap: 5, monthlyCap: 100, maxConcurrent: 2, payout: 40, billableSeconds: 60,
    whisper: 'Local Pest Experts call: {pest} in {place}. Press 1 to take it.', acceptWithKey: true,
  },
  {
    _id: 'provider-windy-city', _type: 'provider', name: 'Windy City Exterminators', phone: '+13125550182', active: true, portalEmails: ['dispatch@windycity-exterminators.example'],
    states: ['IL'], zips: ['606'], places: [], everywhere: false, pests: [pestRef('pest-ant'), pestRef('pest-mouse'), pestRef('pest-cockroach')],
    hours: hours(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], '07:00', '20:00'), timeZone: 'America/Chicago', priority: 1, weight: 1, monthlyCap: 60, maxConcurrent: 1, payout: 35,
    whisper: 'Local Pest Experts call about {pest} in {place}.', acceptWithKey: false,
  },
  {
    _id: 'provider-sunshine', _type: 'provider', name: 'Sunshine Bug Busters', phone: '+13055550183', active: true,
    states: ['FL', 'TX'], zips: [], places: [], everywhere: false, pests: [],
    hours: [], timeZone: 'America/New_York',
    priority: 2, weight: 1, dailyCap: 3, maxConcurrent: 1, payout: 30, billableSeconds: 90,
    whisper: 'Call from Local Pest Experts: {pest} in {place}.', acceptWithKey: false,
  },
]

export function demoDataset(documents: readonly SanityDocumentLike[]): SanityDocumentLike[] {
  const site = documents.map((doc) => (doc._id === 'siteSettings' ? { ...doc, callTracking: { ...DEMO_CALL_TRACKING, ...DEMO_ROUTING } } : doc))
  return [...site, ...DEMO_PROVIDERS]
}

export function toNdjson(documents: readonly SanityDocumentLike[]): string {
  return documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n'
}

/** The Twilio auth token `calls:demo` and `calls:simulate` share when TWILIO_AUTH_TOKEN is unset (the demo only: no real number points at it). */
export const DEMO_TWILIO_TOKEN = 'demo-twilio-auth-token'

/**
 * The demo as it was before routing to providers: every call straight to the business line. For the tests and
 * benches of forwarding itself (tests/e2e/voice.e2e.ts, bench/voice.ts, the Calls tool's screenshots).
 */
export function unroutedDemoNdjson(demoNdjson: string): string {
  const documents = demoNdjson.split('\n').filter(Boolean).map((line) => JSON.parse(line) as SanityDocumentLike)
  const unrouted = documents
    .filter((doc) => doc._type !== 'provider')
    .map((doc) => (doc._id === 'siteSettings' ? { ...doc, callTracking: { ...(doc.callTracking as object), routing: false, askZipWhenUnknown: false, textBack: { enabled: false } } } : doc))
  return toNdjson(unrouted)
}
