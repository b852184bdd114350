import { decodeOnceMore, keywordFrom, MAX_KEYWORD_LENGTH, normalizeHeadline, normalizeKeyword, titleCase } from './keyword.ts'
import { formatCityState, isLocationCode, parseCityState, type VisitorLocation } from '../location/parse.ts'
import { isUsE164 } from '../phone.ts'
import { matchedUtmRule, numberForVisit, utmSource, type UsableTrackingRule } from '../trackingNumbers/trackingNumber.ts'

/**
 * Personalized variants of cached pages. A route declares which visitor inputs shape it; the
 * proxy turns a request's query string into a normalized Variant and rewrites to
 * /personalized/<route>/<encoded variant>, a statically cached route. Equal variants share one
 * cache entry; anything not declared (gclid, utm_*, …) never reaches the cache key.
 *
 * Every input is one record of VARIANT_FIELDS: the query parameters it reads, how they are
 * normalized, how the shown value is encoded into the cached route's address and read back, and
 * what it gives the blocks. Variant, VariantInputs, routeInputs, variantFor, encode/decodeVariant,
 * the front's page cache key and the variant page all read the table; a new input (an A/B arm, a
 * tracking number) is one more record.
 */

/** What the proxy looked up for a request before choosing the variant (lookupsFor). */
export interface Lookups {
  location: VisitorLocation | null
  /** The number Site settings' tracking rules give this visit; null: the default number. */
  trackingNumber?: string | null
}

/** What a variant gives the blocks (part of BlockContext). */
export interface PersonalizationContext {
  /** The visitor's ad keyword, already cleaned (personalized landing pages only). */
  keyword?: string
  /** The ad's headline (headline1), already cleaned: replaces the hero title on /v2. */
  headline?: string
  /** q=y: the hero title is asked as a question. */
  question?: boolean
  /** The visitor's city and state, when the ad's location code resolved. */
  location?: VisitorLocation | null
  /** The A/B test's version this visitor keeps (the page's experiment says what it changes). */
  arm?: string
  /** A tracking rule's number (E.164), shown and dialled instead of Site settings' number. */
  trackingNumber?: string
}

/** What else a request brings besides its query string: the A/B version the front chose or the cookie kept. */
export interface RequestExtras {
  arm?: string | null
  /** The tracking rule the visit's landing selected, kept in a cookie ("campaign:termites-fall"). */
  trackingSource?: string | null
}

/** A shown value inside the address segment: a string, or 0/1 for a flag. '' and 0 mean "absent". */
type Encoded = string | 0 | 1

interface FieldRecord<InputKey extends string, Input, Value> {
  /** Its key in VariantInputs (what was read from the request, before any lookup). */
  inputKey: InputKey
  /** What editors see in the Studio's list of ad inputs a page reads. */
  title: string
  /** The query parameters it reads. */
  params: readonly string[]
  /** The input when the route does not read it, or the request has none. */
  blank: Input
  /** Reads and normalizes the input from the query string (first value of a repeated parameter). */
  read(params: URLSearchParams, extras: RequestExtras): Input
  /** The shown value for this input and what was looked up; undefined: shapes nothing. */
  value(input: Input, lookups: Lookups): Value | undefined
  encode(value: Value | undefined): Encoded
  /** The value back from its encoding; null when the encoding is not one encode() produces. */
  decode(encoded: unknown): { value: Value | undefined } | null
  context(value: Value): PersonalizationContext
}

function field<const InputKey extends string, Input, Value>(record: FieldRecord<InputKey, Input, Value>) {
  return record
}

/** An A/B test version's name, as the Studio allows it. */
export const ARM_KEY = /^[a-z0-9-]{1,20}$/

/** A cleaned ad text (keyword, headline): kept only when it is already in its normal form. */
function textEncoding(normalForm: (raw: string) => string) {
  return {
    encode: (value: string | undefined): Encoded => value ?? '',
    decode: (encoded: unknown) => (typeof encoded === 'string' && normalForm(encoded) === encoded ? { value: encoded || undefined } : null),
  }
}

export const VARIANT_FIELDS = {
  keyword: field({
    inputKey: 'keyword',
    title: 'Keyword (slkw, else kw): {Keyword} in the hero title',
    params: ['slkw', 'kw'],
    blank: '',
    read: (params) => keywordFrom(params.get('slkw'), params.get('kw')),
    value: (keyword) => keyword || undefined,
    ...textEncoding(normalizeKeyword),
    context: (keyword) => ({ keyword: titleCase(keyword) }),
  }),
  location: field({
    inputKey: 'locationCode',
    title: 'Location (loc_physical_ms): the hero’s location line',
    params: ['loc_physical_ms'],
    blank: null as string | null,
    read: (params) => {
      const code = params.get('loc_physical_ms')?.trim() ?? null
      return isLocationCode(code) ? code : null
    },
    // "City, ST", already resolved from the location code by the proxy.
    value: (_code, { location }) => (location ? formatCityState(location) : undefined),
    encode: (value: string | undefined): Encoded => value ?? '',
    decode: (encoded) =>
      typeof encoded === 'string' && (encoded === '' || parseCityState(encoded)) ? { value: encoded || undefined } : null,
    context: (location) => ({ location: parseCityState(location) }),
  }),
  headline: field({
    inputKey: 'headline',
    title: 'Headline (headline1): {Headline} in the hero title',
    params: ['headline1'],
    blank: '',
    read: (params) => normalizeHeadline(decodeOnceMore(params.get('headline1'))),
    value: (headline) => headline || undefined,
    ...textEncoding(normalizeHeadline),
    context: (headline) => ({ headline: titleCase(headline) }),
  }),
  question: field({
    inputKey: 'question',
    title: 'Question (q=y): the hero title ends with “?”',
    params: ['q'],
    blank: false,
    read: (params) => params.get('q')?.trim().toLowerCase() === 'y',
    value: (question) => (question ? true : undefined),
    encode: (value: true | undefined): Encoded => (value ? 1 : 0),
    decode: (encoded) => (encoded === 0 || encoded === 1 ? { value: encoded === 1 ? (true as const) : undefined } : null),
    context: () => ({ question: true }),
  }),
  arm: field({
    inputKey: 'arm',
    title: 'A/B test version (chosen by weight, kept in a cookie; set by the page’s A/B test)',
    params: [],
    // undefined, not '': a request without a test compares equal to one from before tests existed.
    blank: undefined as string | undefined,
    read: (_params, { arm }) => (typeof arm === 'string' && ARM_KEY.test(arm) ? arm : undefined),
    value: (arm) => arm || undefined,
    encode: (value: string | undefined): Encoded => value ?? '',
    decode: (encoded) => (typeof encoded === 'string' && (encoded === '' || ARM_KEY.test(encoded)) ? { value: encoded || undefined } : null),
    context: (arm) => ({ arm }),
  }),
  trackingNumber: field({
    inputKey: 'trackingSource',
    title: 'Tracking number (utm_campaign, utm_source or the visitor’s state; set by Site settings’ tracking numbers)',
    params: ['utm_campaign', 'utm_source'],
    blank: '',
    // The visit's utm values (JSON pair, comparable form), else the rule its landing selected (kept in a
    // cookie); routeInputs narrows either to the one rule they select.
    read: (params, { trackingSource }) => {
      const { campaign, source } = utmSource(params)
      if (campaign || source) return JSON.stringify([campaign, source])
      return typeof trackingSource === 'string' && /^(?:campaign|source):./.test(trackingSource) ? trackingSource : ''
    },
    value: (_source, { trackingNumber }) => trackingNumber ?? undefined,
    encode: (value: string | undefined): Encoded => value ?? '',
    decode: (encoded) => (typeof encoded === 'string' && (encoded === '' || isUsE164(encoded)) ? { value: encoded || undefined } : null),
    context: (trackingNumber) => ({ trackingNumber }),
  }),
} as const


/** Fields an editor ticks under a page's "Ad inputs" (the arm comes from the page's A/B test instead). */
export const AD_INPUT_NAMES = ['keyword', 'location', 'headline', 'question'] as const

type Fields = typeof VARIANT_FIELDS
export type VariantField = keyof Fields
/** The fields in their fixed order: the order of the address segment and of the page cache key. */
export const FIELD_NAMES = Object.keys(VARIANT_FIELDS) as VariantField[]

type InputOf<F> = F extends FieldRecord<string, infer Input, unknown> ? Input : never
type ValueOf<F> = F extends FieldRecord<string, unknown, infer Value> ? Value : never

/** The raw inputs of a variant, read from the request. */
export type VariantInputs = { [K in VariantField as Fields[K]['inputKey']]: InputOf<Fields[K]> }
/** The normalized values a variant shows; absent fields shape nothing. */
export type Variant = { [K in VariantField]?: ValueOf<Fields[K]> }

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
}

export interface Experiment {
  name: string
  arms: readonly { key: string; weight: number }[]
}

/** What shapes a route's variants: its inputs (and approved keywords). */
export type RouteInputs = Pick<PersonalizedRoute, 'fields' | 'approvedKeywords' | 'experiment' | 'trackingNumbers'>

export function isVariantField(name: unknown): name is VariantField {
  return typeof name === 'string' && Object.hasOwn(VARIANT_FIELDS, name)
}

/** The page reads the input: ticked under "Ad inputs", the arm of its running A/B test, or the tracking rules' inputs. */
function routeReads(route: RouteInputs, name: VariantField): boolean {
  if (name === 'arm') return route.experiment !== undefined
  if (name === 'trackingNumber') return Boolean(route.trackingNumbers?.length) || route.fields.includes(name)
  return route.fields.includes(name)
}

/** A version by weight: `random` in [0, 1). */
export function pickArm(experiment: Experiment, random: number): string {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0)
  let point = random * total
  for (const arm of experiment.arms) {
    point -= arm.weight
    if (point < 0) return arm.key
  }
  return experiment.arms.at(-1)!.key
}

// The table's records are heterogeneous; these helpers look at one record with its own types erased.
type AnyRecord = FieldRecord<string, unknown, unknown>
const recordOf = (name: VariantField) => VARIANT_FIELDS[name] as unknown as AnyRecord
const inputsAsRecord = (inputs: VariantInputs) => inputs as unknown as Record<string, unknown>

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

/**
 * The longest segment encodeVariant makes: the two ad texts at MAX_KEYWORD_LENGTH characters of up
 * to 4 UTF-8 bytes each (JSON keeps them unescaped), plus the short fields and the JSON around them,
 * in base64 (4 characters for 3 bytes).
 */
export const MAX_SEGMENT_LENGTH = Math.ceil(((2 * MAX_KEYWORD_LENGTH * 4 + 200) * 4) / 3)

/**
 * One URL segment: base64url of the fields in a fixed order, so equal variants always encode the
 * same and the segment needs no further escaping anywhere.
 */
export function encodeVariant(variant: Variant): string {
  const fields = FIELD_NAMES.map((name) => recordOf(name).encode(variant[name]))
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url')
}

/**
 * Reads a segment back, accepting only what encodeVariant produces for a normalized variant, so a
 * hand-made /personalized/… address can neither inject text nor mint new cache entries.
 */
export function decodeVariant(segment: string): Variant | null {
  if (segment.length > MAX_SEGMENT_LENGTH || !/^[A-Za-z0-9_-]+$/.test(segment)) return null
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(fields) || fields.length !== FIELD_NAMES.length) return null
  const variant: Record<string, unknown> = {}
  for (const [index, name] of FIELD_NAMES.entries()) {
    const decoded = recordOf(name).decode(fields[index])
    if (!decoded) return null
    if (decoded.value !== undefined) variant[name] = decoded.value
  }
  if (Object.keys(variant).length === 0 || encodeVariant(variant as Variant) !== segment) return null
  return variant as Variant
}
