import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { siteSecret } from './enrollment.ts'

/**
 * The landing token: proof that the server itself answered an ad visit's page — an address with a click id
 * (gclid, gbraid, wbraid, msclkid) or a campaign the content knows — before that visit may hold a pool
 * number (`POST /api/voice/lease`). It is `<id>.<issued, base36 seconds>.<page, base64url>.<place>.<signature>`
 * (place: the landing address's `loc_physical_ms`, digits or empty, so routing never takes a place the browser
 * claims), the signature an HMAC-SHA256 keyed with SITE_SECRET (the enrollment cookie's secret, shared by every instance).
 * It travels only in a Set-Cookie scoped to /api/voice on the answer that also sets the visit's other cookies
 * (lib/personalization/visit.ts): such an answer is private for every shared cache, while the page's HTML,
 * which never carries the token, stays one shared copy. The browser sends it back only to the lease endpoint.
 */
export const LANDING_COOKIE = 'lpe_land'
/** A landing may take a first number within this time. */
export const LANDING_TOKEN_MS = 2 * 3_600_000
const COOKIE_MAX_AGE_S = 86_400
const CLICK_PARAMS = ['gclid', 'gbraid', 'wbraid', 'msclkid'] as const
const CLICK_ID = /^[A-Za-z0-9_.-]{1,200}$/

export interface LandingToken {
  id: string
  page: string
  issuedAt: number
  /** The landing address's location code (`loc_physical_ms`); '' when it had none. */
  place: string
}

const sign = (id: string, issued: string, page: string, place: string, secret: string) => createHmac('sha256', secret).update(`landing\n${id}\n${issued}\n${page}\n${place}`).digest('base64url')
const PLACE = /^\d{1,12}$/

/** A location code as the landing address gave it, when it is one: digits only. */
export const landingPlace = (value: string | null | undefined): string => (value && PLACE.test(value) ? value : '')

/** Whether the address is an ad visit's: a well-formed click id, or a utm_campaign among `knownCampaigns` (lowercase). */
export function isAdLanding(params: URLSearchParams, knownCampaigns: readonly string[]): boolean {
  if (CLICK_PARAMS.some((name) => CLICK_ID.test(params.get(name) ?? ''))) return true
  const campaign = params.get('utm_campaign')?.trim().toLowerCase()
  return Boolean(campaign && knownCampaigns.includes(campaign))
}

export function landingToken(page: string, now: number = Date.now(), secret: string = siteSecret(), place = ''): string {
  const id = randomBytes(16).toString('base64url')
  const issued = Math.floor(now / 1000).toString(36)
  const encodedPage = Buffer.from(page, 'utf8').toString('base64url')
  const code = landingPlace(place)
  return `${id}.${issued}.${encodedPage}.${code}.${sign(id, issued, encodedPage, code, secret)}`
}

export function landingCookie(page: string, place: string | null = '', now?: number): string {
  return `${LANDING_COOKIE}=${landingToken(page, now, undefined, place ?? '')}; Path=/api/voice; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly`
}

/** The token a cookie value proves, when its signature verifies; undefined for anything minted, tampered or foreign. */
export function verifiedLanding(value: string | undefined, secret: string = siteSecret()): LandingToken | undefined {
  const parts = value?.split('.')
  if (parts?.length !== 5) return undefined
  const [id, issued, encodedPage, place, signature] = parts as [string, string, string, string, string]
  if (!/^[A-Za-z0-9_-]{22}$/.test(id) || !/^[0-9a-z]{1,10}$/.test(issued) || !/^[A-Za-z0-9_-]{43}$/.test(signature) || encodedPage.length > 600 || (place && !PLACE.test(place))) return undefined
  const expected = Buffer.from(sign(id, issued, encodedPage, place, secret), 'utf8')
  const given = Buffer.from(signature, 'utf8')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  return { id, page: Buffer.from(encodedPage, 'base64url').toString('utf8'), issuedAt: parseInt(issued, 36) * 1000, place }
}
