import type { Experiment } from './experiment.ts'
import {
  FIELD_NAMES,
  inputsAsRecord,
  recordOf,
  type Lookups,
  type PersonalizationContext,
  type RequestExtras,
  type Variant,
  type VariantField,
  type VariantInputs,
} from './variantFields.ts'
import type { VisitorLocation } from '../location/parse.ts'
import { matchedUtmRule, numberForVisit, type UsableTrackingRule } from '../trackingNumbers/trackingNumber.ts'

/**
 * Personalized variants of cached pages. A route declares which visitor inputs shape it; the
 * proxy turns a request's query string into a normalized Variant and rewrites to
 * /personalized/<route>/<encoded variant>, a statically cached route. Equal variants share one
 * cache entry; anything not declared (gclid, utm_*, …) never reaches the cache key.
 *
 * This module works out which variant a request gets: the inputs read from it, narrowed to what
 * its route reads, what the proxy looks up for them, and the variant and cache key they make. The
 * table of inputs is in variantFields.ts, the A/B test in experiment.ts and the address segment in
 * variantSegment.ts; this module re-exports them, so importers name one module.
 */
export { ARM_KEY, pickArm, type Experiment } from './experiment.ts'
export {
  AD_INPUT_NAMES,
  FIELD_NAMES,
  isVariantField,
  VARIANT_FIELDS,
  type Lookups,
  type PersonalizationContext,
  type RequestExtras,
  type Variant,
  type VariantField,
  type VariantInputs,
} from './variantFields.ts'
export { decodeVariant, encodeVariant, MAX_SEGMENT_LENGTH } from './variantSegment.ts'

/**
 * A page that reads ad inputs. Which pages do, and which inputs each reads, is content: the page
 * document's "Ad inputs" (web/content/personalized.ts reads them for the proxy and the front).
 */
export interface PersonalizedRoute {
  /** Segment of the cached route: /personalized/<id>/<variant> (the page's slug). */
  id: string
  /** Its address: "/" for the home page named in Site settings, else /<slug>. */
  path: string
  fields: readonly VariantField[]
  /** When set, only these keywords (normalized) personalize; any other shows the default title. */
  approvedKeywords?: readonly string[]
  /** The page's running A/B test: its versions (the first is the control) and their weights. */
  experiment?: Experiment
  /** Site settings' tracking-number rules, on every page when there are any. */
  trackingNumbers?: readonly UsableTrackingRule[]
  /** Call tracking with a number pool: an ad landing here is given a landing token (landing.ts); the campaigns the content knows, lowercase. */
  landing?: { campaigns: readonly string[] }
}

/** What shapes a route's variants: its inputs (and approved keywords). */
export type RouteInputs = Pick<PersonalizedRoute, 'fields' | 'approvedKeywords' | 'experiment' | 'trackingNumbers'>

/** The page reads the input: ticked under "Ad inputs", the arm of its running A/B test, or the tracking rules' inputs. */
function routeReads(route: RouteInputs, name: VariantField): boolean {
  if (name === 'arm') return route.experiment !== undefined
  if (name === 'trackingNumber') return Boolean(route.trackingNumbers?.length) || route.fields.includes(name)
  return route.fields.includes(name)
}

export function readInputs(params: URLSearchParams, extras: RequestExtras = {}): VariantInputs {
  const inputs: Record<string, unknown> = {}
  for (const name of FIELD_NAMES) inputs[recordOf(name).inputKey] = recordOf(name).read(params, extras)
  return inputs as VariantInputs
}

/** Only the inputs this route reads; the rest blanked, so inputs that shape the same page are equal. */
export function routeInputs(route: RouteInputs, inputs: VariantInputs): VariantInputs {
  const read: Record<string, unknown> = {}
  for (const name of FIELD_NAMES) {
    const { inputKey, blank } = recordOf(name)
    read[inputKey] = routeReads(route, name) ? inputsAsRecord(inputs)[inputKey] : blank
  }
  // Only a version of this page's running test.
  if (read.arm && !route.experiment?.arms.some((arm) => arm.key === read.arm)) read.arm = undefined
  // "Approved keywords only": any other keyword shapes nothing, which also bounds the variants.
  if (route.approvedKeywords?.length && read.keyword && !route.approvedKeywords.includes(read.keyword as string)) read.keyword = ''
  // Tracking numbers: the utm values narrowed to the one rule they select (bounded by the rules), and the
  // location code kept for a state rule when no campaign or source rule matched. A route whose rules are
  // not known (the front before Next's first answer) keeps the raw values: never wrong, only less shared.
  const rules = route.trackingNumbers
  if (rules?.length) {
    read.trackingSource = read.trackingSource ? matchedUtmRule(rules, utmPair(read.trackingSource as string)) : ''
    if (!read.trackingSource && !read.locationCode && rules.some((rule) => rule.match === 'state')) read.locationCode = inputsAsRecord(inputs).locationCode
  }
  return read as VariantInputs
}

/** The utm values from either form of the input: as read (a JSON pair) or already narrowed ("source:bing"), so routeInputs can run twice. */
function utmPair(input: string): { campaign: string; source: string } {
  if (input.startsWith('[')) {
    const [campaign = '', source = ''] = JSON.parse(input) as string[]
    return { campaign, source }
  }
  const separator = input.indexOf(':')
  const match = input.slice(0, separator)
  const value = input.slice(separator + 1)
  return { campaign: match === 'campaign' ? value : '', source: match === 'source' ? value : '' }
}

/** What the proxy looks up for a route's inputs: the location (one resolution), and the tracking number it picks. */
export async function lookupsFor(
  route: RouteInputs,
  inputs: VariantInputs,
  resolveLocation: (code: string) => Promise<VisitorLocation | null>,
): Promise<Lookups> {
  const location = inputs.locationCode ? await resolveLocation(inputs.locationCode) : null
  const rules = route.trackingNumbers
  return { location, trackingNumber: rules?.length ? numberForVisit(rules, inputs.trackingSource, location?.state ?? null) : null }
}

/** The inputs that shape this route, in field order, or null when none does: the front's cache key. */
export function routeInputKey(route: RouteInputs, inputs: VariantInputs): string | null {
  const read = inputsAsRecord(routeInputs(route, inputs))
  const values = FIELD_NAMES.map((name) => read[recordOf(name).inputKey])
  return FIELD_NAMES.some((name, index) => values[index] !== recordOf(name).blank) ? JSON.stringify(values) : null
}

/** The variant a route shows for these inputs; null when it is the plain page. */
export function variantFor(route: RouteInputs, inputs: VariantInputs, lookups: Lookups): Variant | null {
  const read = inputsAsRecord(routeInputs(route, inputs))
  const variant: Record<string, unknown> = {}
  // In table order, so equal variants are equal objects.
  for (const name of FIELD_NAMES.filter((name) => routeReads(route, name))) {
    const value = recordOf(name).value(read[recordOf(name).inputKey], lookups)
    if (value !== undefined) variant[name] = value
  }
  return Object.keys(variant).length > 0 ? (variant as Variant) : null
}

/** What the blocks get from a variant. */
export function variantContext(variant: Variant): PersonalizationContext {
  const context: PersonalizationContext = {}
  for (const name of FIELD_NAMES) {
    const value = variant[name]
    if (value !== undefined) Object.assign(context, recordOf(name).context(value))
  }
  return context
}
