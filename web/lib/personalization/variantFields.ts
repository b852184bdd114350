import { cleanKeyword, decodeOnceMore, keywordFrom, normalizeHeadline } from './keyword.ts'
import { headlineCase, titleCase } from './titleCase.ts'
import { ARM_KEY } from './experiment.ts'
import { formatCityState, isLocationCode, parseCityState, type VisitorLocation } from '../location/parse.ts'
import { isUsE164 } from '../phone.ts'
import { utmSource } from '../trackingNumbers/trackingNumber.ts'

/**
 * The table of visitor inputs a personalized page may read. Every input is one record of
 * VARIANT_FIELDS: the query parameters it reads, how they are normalized, how the shown value is
 * encoded into the cached route's address and read back, and what it gives the blocks. Variant,
 * VariantInputs, routeInputs, variantFor, encode/decodeVariant, the front's page cache key and the
 * variant page all read the table; a new input (an A/B arm, a tracking number) is one more record.
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
    // The address carries the cleaned keyword, which its trailing phrase already left (one is removed, not all).
    ...textEncoding(cleanKeyword),
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
    context: (headline) => ({ headline: headlineCase(headline) }),
  }),
  question: field({
    inputKey: 'question',
    title: 'Question (q=y): the hero title ends with “?”',
    params: ['q'],
    blank: false,
    // Exactly "y" (spec §4: "when the q parameter equals y"): not "Y", not " y".
    read: (params) => params.get('q') === 'y',
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

export function isVariantField(name: unknown): name is VariantField {
  return typeof name === 'string' && Object.hasOwn(VARIANT_FIELDS, name)
}

// The table's records are heterogeneous; these helpers look at one record with its own types erased.
type AnyRecord = FieldRecord<string, unknown, unknown>
export const recordOf = (name: VariantField) => VARIANT_FIELDS[name] as unknown as AnyRecord
export const inputsAsRecord = (inputs: VariantInputs) => inputs as unknown as Record<string, unknown>
