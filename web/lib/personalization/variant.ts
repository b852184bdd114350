import { keywordFrom, normalizeKeyword } from './keyword.ts'
import { formatCityState, isLocationCode, parseCityState } from '../location/parse.ts'
import type { VisitorLocation } from '../../blocks/types'

/**
 * Personalized variants of cached pages. A route declares which visitor parameters shape it; the
 * proxy turns a request's query string into a normalized Variant and rewrites to
 * /personalized/<route>/<encoded variant>, a statically cached route. Equal variants share one
 * cache entry; anything not declared (gclid, utm_*, …) never reaches the cache key.
 */
export type VariantField = 'keyword' | 'location' | 'headline' | 'question'

export interface Variant {
  keyword?: string
  /** "City, ST", already resolved from the location code. */
  location?: string
  headline?: string
  question?: boolean
}

export interface PersonalizedRoute {
  /** Segment of the cached route: /personalized/<id>/<variant>. */
  id: string
  /** The page's slug in the content (null: the home page named in Site settings). */
  slug: string | null
  fields: readonly VariantField[]
}

export const PERSONALIZED_ROUTES: Record<string, PersonalizedRoute> = {
  '/': { id: 'home', slug: null, fields: ['keyword', 'location'] },
  '/v2': { id: 'v2', slug: 'v2', fields: ['location', 'headline', 'question'] },
}

export function routeById(id: string): PersonalizedRoute | undefined {
  return Object.values(PERSONALIZED_ROUTES).find((route) => route.id === id)
}

/** The raw inputs of a variant, read from the query string (first value of a repeated parameter). */
export interface VariantInputs {
  keyword: string
  locationCode: string | null
  headline: string
  question: boolean
}

export function readInputs(params: URLSearchParams): VariantInputs {
  const code = params.get('loc_physical_ms')?.trim() ?? null
  return {
    keyword: keywordFrom(params.get('slkw'), params.get('kw')),
    locationCode: isLocationCode(code) ? code : null,
    headline: normalizeKeyword(params.get('headline1')),
    question: params.get('q')?.trim().toLowerCase() === 'y',
  }
}

/** Only the inputs this route reads; the rest blanked, so inputs that shape the same page are equal. */
export function routeInputs(route: PersonalizedRoute, inputs: VariantInputs): VariantInputs {
  return {
    keyword: route.fields.includes('keyword') ? inputs.keyword : '',
    locationCode: route.fields.includes('location') ? inputs.locationCode : null,
    headline: route.fields.includes('headline') ? inputs.headline : '',
    question: route.fields.includes('question') && inputs.question,
  }
}

/** The variant a route shows for these inputs; null when it is the plain page. */
export function variantFor(route: PersonalizedRoute, inputs: VariantInputs, location: VisitorLocation | null): Variant | null {
  const read = routeInputs(route, inputs)
  const variant: Variant = {}
  if (read.keyword) variant.keyword = read.keyword
  if (route.fields.includes('location') && location) variant.location = formatCityState(location)
  if (read.headline) variant.headline = read.headline
  if (read.question) variant.question = true
  return Object.keys(variant).length > 0 ? variant : null
}

/**
 * One URL segment: base64url of the fields in a fixed order, so equal variants always encode the
 * same and the segment needs no further escaping anywhere.
 */
export function encodeVariant(variant: Variant): string {
  const fields = [variant.keyword ?? '', variant.location ?? '', variant.headline ?? '', variant.question ? 1 : 0]
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url')
}

/**
 * Reads a segment back, accepting only what encodeVariant produces for a normalized variant, so a
 * hand-made /personalized/… address can neither inject text nor mint new cache entries.
 */
export function decodeVariant(segment: string): Variant | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(segment)) return null
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(fields) || fields.length !== 4) return null
  const [keyword, location, headline, question] = fields as unknown[]
  if (typeof keyword !== 'string' || typeof location !== 'string' || typeof headline !== 'string') return null
  if (question !== 0 && question !== 1) return null
  if (normalizeKeyword(keyword) !== keyword || normalizeKeyword(headline) !== headline) return null
  if (location && !parseCityState(location)) return null
  const variant: Variant = {}
  if (keyword) variant.keyword = keyword
  if (location) variant.location = location
  if (headline) variant.headline = headline
  if (question === 1) variant.question = true
  if (Object.keys(variant).length === 0 || encodeVariant(variant) !== segment) return null
  return variant
}
