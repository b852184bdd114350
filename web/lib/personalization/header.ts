import { isVariantField, type PersonalizedRoute } from './variant.ts'

/**
 * Which inputs shape a page is content, known to the proxy (inside Next); the front's page cache,
 * outside Next, must key personalized pages by exactly those inputs. So the proxy tells it on every
 * page answer, in this header, and the front learns per path and strips it (web/server/edge.ts).
 */
export const PERSONALIZATION_HEADER = 'x-personalized-inputs'

export type TaughtRoute = Pick<PersonalizedRoute, 'fields' | 'approvedKeywords'>

/** '-' for a plain page; else the route's inputs (and approved keywords), URI-encoded JSON. */
export function personalizationHeader(route: TaughtRoute | undefined): string {
  return route ? encodeURIComponent(JSON.stringify({ fields: route.fields, approvedKeywords: route.approvedKeywords })) : '-'
}

/** null: a plain page; undefined: no (valid) header. */
export function parsePersonalizationHeader(value: string | string[] | undefined): TaughtRoute | null | undefined {
  if (typeof value !== 'string') return undefined
  if (value === '-') return null
  try {
    const { fields, approvedKeywords } = JSON.parse(decodeURIComponent(value)) as { fields?: unknown; approvedKeywords?: unknown }
    if (!Array.isArray(fields) || !fields.every(isVariantField)) return undefined
    const approved = Array.isArray(approvedKeywords) ? approvedKeywords.filter((keyword): keyword is string => typeof keyword === 'string') : []
    return { fields, ...(approved.length > 0 ? { approvedKeywords: approved } : {}) }
  } catch {
    return undefined
  }
}
