import { matchedUtmRule, utmSource } from '../trackingNumbers/trackingNumber.ts'
import { armCookie, isSearchEngine, keptArm, keptSource, sourceCookie, type RouteShape } from './header.ts'
import { isAdLanding, landingCookie } from './landing.ts'
import { pickArm, type PersonalizedRoute } from './variant.ts'

/**
 * What a visit brings besides its query string, decided in one place for every host: Next's request hook
 * (web/proxy.ts) runs `decideVisit` on every page request that reaches it (plain `next start`, Vercel), and
 * under `npm start` the front (web/server/pageRequests.ts) runs the same `decideVisit` over the same content
 * (web/content/pageShapes.ts) first, serves the cached copy of the version it gave, sets the cookies it
 * returns, and passes them on to Next, so the request hook reads the same choice and adds none.
 *
 * - A/B test: crawlers get the control and no cookie; a visitor with a kept (signed) version keeps it; anyone
 *   else is given one by weight, kept in a signed HttpOnly cookie (`armCookie`, enrollment.ts).
 * - Tracking numbers: a landing's utm values shape the page from the query string, and the rule they select
 *   is kept (or a kept one cleared) in a session cookie; a later page without utm values gets the kept rule.
 * - Number pool: an ad landing (a click id, or a campaign the content knows) is given its landing token in a
 *   cookie only the lease endpoint receives (landing.ts); the answer is then private like any that sets one.
 */
export interface VisitReading {
  /** The A/B version the page is rendered with (undefined: the control, or no test). */
  arm?: string
  /** The kept tracking rule ("campaign:termites-fall") a page without utm values is rendered with. */
  trackingSource?: string
  /** A page whose test has no version for this visitor yet: the proxy picks one and sets its cookie. */
  unassigned: boolean
  /** The page as rendered depends on the visitor's own cookies: no shared cache may keep it for others. */
  shapedByCookie: boolean
  /** A crawler asked for the page of this running test: it gets the control and counts as a bot excluded (the Calls tool). */
  excludedBot?: string
}

export interface VisitDecision extends VisitReading {
  /** Set-Cookie values for this answer only. */
  setCookies: string[]
}

type VisitRoute = (Pick<RouteShape, 'experiment' | 'trackingNumbers'> & Partial<Pick<PersonalizedRoute, 'path' | 'landing'>>) | null | undefined

/** What the visitor's cookies and user agent already decide (no new choice is made here). */
export function readVisit(route: VisitRoute, cookieHeader: string | undefined, userAgent: string | undefined, params: URLSearchParams): VisitReading {
  const experiment = route?.experiment
  const crawler = isSearchEngine(userAgent)
  const arm = experiment && !crawler ? keptArm(cookieHeader, experiment) : undefined
  const rules = route?.trackingNumbers
  const landing = isLanding(params)
  const trackingSource = rules?.length && !landing ? keptSource(cookieHeader, rules) : undefined
  return {
    ...(arm ? { arm } : {}),
    ...(trackingSource ? { trackingSource } : {}),
    ...(experiment && crawler ? { excludedBot: experiment.name } : {}),
    unassigned: Boolean(experiment && !crawler && !arm),
    shapedByCookie: Boolean(arm || trackingSource),
  }
}

/** The proxy's decision: the reading, plus a version picked by weight (`random` in [0, 1)) and the cookies to set. */
export function decideVisit(route: VisitRoute, cookieHeader: string | undefined, userAgent: string | undefined, params: URLSearchParams, random: number): VisitDecision {
  const reading = readVisit(route, cookieHeader, userAgent, params)
  const setCookies: string[] = []
  let arm = reading.arm
  if (reading.unassigned && route?.experiment) {
    arm = pickArm(route.experiment, random)
    setCookies.push(armCookie(route.experiment, arm))
  }
  const rules = route?.trackingNumbers
  if (rules?.length && isLanding(params)) {
    const matched = matchedUtmRule(rules, utmSource(params))
    const kept = keptSource(cookieHeader, rules) ?? ''
    if (matched !== kept && (matched || kept)) setCookies.push(sourceCookie(matched))
  }
  // An ad visit's landing token for its pool number: only on this answer, never in the page (landing.ts).
  if (route?.landing && route.path && !reading.excludedBot && !isSearchEngine(userAgent) && isAdLanding(params, route.landing.campaigns)) setCookies.push(landingCookie(route.path, params.get('loc_physical_ms')))
  return { ...reading, ...(arm ? { arm } : {}), unassigned: false, setCookies }
}

/** A landing: the address carries utm values (the campaign is read from them, not from a kept cookie). */
function isLanding(params: URLSearchParams): boolean {
  const { campaign, source } = utmSource(params)
  return Boolean(campaign || source)
}

/**
 * Cache-Control for a page answer, for any shared cache in front (CDN, Varnish, nginx proxy_cache): an
 * answer that sets a cookie, or that the visitor's own cookies shaped, is for this visitor only. Undefined:
 * the page is the same for everyone (shared as lib/edgeCache/headers.ts says). The front applies it to the
 * copies it keeps; the request hook marks Next's answers the same way (web/content/edgeKeys.ts).
 */
export function visitCacheControl(decision: Pick<VisitDecision, 'setCookies' | 'shapedByCookie'>): string | undefined {
  if (decision.setCookies.length > 0) return 'private, no-store'
  if (decision.shapedByCookie) return VISITOR_COPY_CACHE_CONTROL
  return undefined
}

/** A page the visitor's own cookies shaped (no cookie set): private for shared caches; the front keys its copy by those cookies. */
export const VISITOR_COPY_CACHE_CONTROL = 'private, no-cache'

/**
 * For plain `next start` behind a CDN: the targeted cache fields a CDN reads before Cache-Control
 * (`CDN-Cache-Control`, RFC 9213: Cloudflare, Akamai, Fastly; `Surrogate-Control`: Fastly and other
 * surrogates), which Next leaves as the request hook set them; the hook also reads them as the mark of
 * an answer no shared cache may keep (web/content/edgeKeys.ts). A crawler's answer to a page with a
 * running test is one: kept under the page's address, it would be served to first visitors, who must
 * reach the site to be given a version and its cookie. Undefined: nothing to add.
 */
export function cdnCacheControl(decision: Pick<VisitDecision, 'setCookies' | 'shapedByCookie' | 'excludedBot'>): string | undefined {
  return decision.setCookies.length > 0 || decision.shapedByCookie || decision.excludedBot !== undefined ? 'no-store' : undefined
}
