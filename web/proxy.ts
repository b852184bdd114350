import { NextResponse, type NextRequest } from 'next/server'
import { resolveLocation } from './lib/location'
import { encodeVariant, lookupsFor, readInputs, routeInputs, variantFor } from './lib/personalization/variant'
import { cdnCacheControl, decideVisit, type VisitDecision } from './lib/personalization/visit'
import { recordBotExcluded } from './lib/taps'
import { commonHeaders, headerOptionsFor, pageCsp } from './lib/securityHeaders'
import { isKnownSlug, isServiceAreaPath, personalizedRouteAt } from './content/routing'
import { applyEdgeHeaders, EDGE_HEADERS, markForSharedCaches, pageTags, sharedCacheHeaders } from './content/edgeKeys'
import { serverConfig } from './lib/config'
import { isStudioPath } from './lib/studioPath'
import { isPortalPath, PORTAL_HEADERS } from './lib/portal/paths'

/**
 * Runs before every page request (not assets, not the Studio):
 * 1. Pages that read ad inputs (content: a page's "Ad inputs"; `/` and `/v2` in the bundled content), run an
 *    A/B test, or, when Site settings have tracking-number rules, every page (content: web/content/pageShapes.ts,
 *    which the front under `npm start` reads too), are rewritten to a cached variant
 *    route when the request shapes one, so the first HTML already says "Wasp Removal", "Dallas, TX" and the
 *    campaign's number, served from the cache.
 *    The visitor's address (with gclid, utm_*, …) is left as it is. The A/B version and the kept campaign are
 *    decided here (lib/personalization/visit.ts), on every host: `npm start`, plain `next start`, Vercel. An
 *    answer that sets a cookie or that the visitor's cookies shaped is marked private for shared caches.
 * 2. Paths that are no page are logged and answered with the prebuilt not-found page; so is /studio when no
 *    Sanity project is configured.
 * 3. A method a page does not take is answered 405 with the security headers, and an address with a trailing
 *    slash is redirected to the one without it with them too (next.config turns Next's own redirect, which
 *    carries none, off), on every host (the front answers odd methods itself under `npm start`). What Next's router
 *    would answer before this hook runs (TRACE, `OPTIONS *`, an absolute-form target) is answered on plain
 *    `next start` by web/server/nextStartGuard.ts (docs/ab-testing.md's host table).
 */
const NOT_FOUND = '/_not-found'
const VARIANT_PREFIX = '/personalized/'
/**
 * Rewrites pass through the proxy again. This per-process token marks the proxy's own variant
 * rewrites, so a hand-written /personalized/… address from outside is still a 404.
 */
const VARIANT_TOKEN_HEADER = 'x-variant-token'
const VARIANT_TOKEN = crypto.randomUUID()

export async function proxy(request: NextRequest) {
  // The provider portal is private: never personalized, never kept by a shared cache (web/lib/portal/paths.ts).
  if (isPortalPath(request.nextUrl.pathname)) return portalAnswer(request)
  const studio = isStudioPath(request.nextUrl.pathname)
  if (studio && serverConfig().sanity) return NextResponse.next()
  // The local Content Lake is a development tool: with no Sanity project, /studio is the not-found page
  // (decided at run time, as the front does: a build may be started with a project configured later),
  // logged as every other missing path is (spec §2.12).
  const response = studio ? notFound(request) : await answer(request)
  // What shared caches (nginx, Varnish, a CDN) may keep, and the content tags a publish purges (docs/shared-caches.md).
  await markForSharedCaches(request, response, serverConfig().edge)
  // A draft-mode page (the Studio's Presentation preview) listens to the Live Content API where the Studio
  // talks, a local lake included; only its policy names that address. Set here, so every host does it.
  if (request.cookies.has(DRAFT_COOKIE)) response.headers.set('content-security-policy', draftPagePolicy())
  return response
}

/** A portal address: its forms post to /portal/auth (Better Auth); every answer is private and not indexed. */
function portalAnswer(request: NextRequest): NextResponse {
  if (!['GET', 'HEAD', 'POST'].includes(request.method)) return ownAnswer(405, 'Method not allowed.', { allow: 'GET, HEAD, POST' })
  const response = NextResponse.next()
  for (const [name, value] of Object.entries(PORTAL_HEADERS)) response.headers.set(name, value)
  return response
}

/** Next's draft-mode cookie (the front drops one that is not this build's draft session). */
const DRAFT_COOKIE = '__prerender_bypass'
let draftPolicy: string | undefined
function draftPagePolicy(): string {
  return (draftPolicy ??= pageCsp({ ...headerOptionsFor(process.env, process.env.NODE_ENV === 'production'), draftPreview: true }))
}

/** Pages answer GET and HEAD; a draft-mode page also takes its Presentation tool's server actions (POST with Next-Action). */
function takesMethod(request: NextRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || (request.method === 'POST' && request.headers.has('next-action'))
}

/** What the request hook answers itself carries the security headers too, and allows nothing to run. */
function ownAnswer(status: number, text: string, headers: Record<string, string> = {}): NextResponse {
  return withSecurityHeaders(new NextResponse(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } }))
}

function withSecurityHeaders(response: NextResponse): NextResponse {
  for (const { key, value } of commonHeaders(headerOptionsFor(process.env, process.env.NODE_ENV === 'production'))) response.headers.set(key, value)
  response.headers.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
  return response
}

async function answer(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl
  if (!takesMethod(request)) return ownAnswer(405, 'Method not allowed.', { allow: 'GET, HEAD' })
  if (pathname.length > 1 && pathname.endsWith('/')) {
    // The address without its trailing slash, on this host (Next sends it as a relative Location), with the security headers.
    // A plain URL: a clone of nextUrl keeps the slash (NextURL formats the path as the request had it).
    const target = new URL(`${pathname.replace(/\/+$/, '')}${request.nextUrl.search}`, request.url)
    return withSecurityHeaders(NextResponse.redirect(target, 308))
  }

  if (pathname === NOT_FOUND) return NextResponse.next()
  if (pathname.startsWith(VARIANT_PREFIX)) {
    if (request.headers.get(VARIANT_TOKEN_HEADER) === VARIANT_TOKEN) {
      const response = NextResponse.next()
      applyEdgeHeaders(response, request.headers.get(EDGE_HEADERS))
      return response
    }
    return notFound(request)
  }

  const route = await personalizedRouteAt(pathname)
  if (route) {
    const random = crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32
    const visit = decideVisit(route, request.headers.get('cookie') ?? undefined, request.headers.get('user-agent') ?? undefined, searchParams, random)
    // Counted where it is decided, on every host (under npm start the front counts the crawlers it answers from its copy).
    if (visit.excludedBot) recordBotExcluded(visit.excludedBot)
    const inputs = routeInputs(route, readInputs(searchParams, { arm: visit.arm, trackingSource: visit.trackingSource }))
    const variant = variantFor(route, inputs, await lookupsFor(route, inputs, resolveLocation))
    if (!variant) return forVisitor(NextResponse.next(), visit)
    const target = ownRoute(`${VARIANT_PREFIX}${route.id}/${encodeVariant(variant)}`, request)
    target.search = ''
    const headers = new Headers(request.headers)
    headers.set(VARIANT_TOKEN_HEADER, VARIANT_TOKEN)
    const edge = { setsCookie: visit.setCookies.length > 0, visitorShaped: cdnCacheControl(visit) !== undefined, tags: pageTags(route.id) }
    headers.set(EDGE_HEADERS, JSON.stringify(sharedCacheHeaders(edge, serverConfig().edge)))
    return forVisitor(NextResponse.rewrite(target, { request: { headers } }), visit)
  }

  const segments = pathname.split('/').filter(Boolean)
  const known =
    segments.length === 1
      ? await isKnownSlug(decodeSegment(segments[0]!))
      : segments.length === 2 || segments.length === 3
        ? await isServiceAreaPath(segments.map(decodeSegment))
        : false
  if (known === false) return notFound(request)
  return NextResponse.next()
}

/** A missing path (spec §2.12): logged once, here, and answered with the prebuilt not-found page. */
function notFound(request: NextRequest): NextResponse {
  console.warn(`[404] ${request.nextUrl.pathname.slice(0, 300)}`)
  return NextResponse.rewrite(ownRoute(NOT_FOUND, request))
}

/**
 * The visit's cookies on the answer, and the mark of one that no shared cache may keep for others
 * (`CDN-Cache-Control: no-store`): an answer that sets a cookie or that the visitor's cookies shaped.
 * content/edgeKeys.ts makes its Cache-Control private from that mark, on every host.
 */
function forVisitor(response: NextResponse, visit: VisitDecision): NextResponse {
  for (const cookie of visit.setCookies) response.headers.append('set-cookie', cookie)
  const cdn = cdnCacheControl(visit)
  if (cdn) {
    response.headers.set('cdn-cache-control', cdn)
    response.headers.set('surrogate-control', cdn)
  }
  return response
}

/**
 * A rewrite to one of the site's own routes. Under `next start` Next names the request by its own
 * listening address and X-Forwarded-Proto: behind a TLS proxy that is https://localhost:PORT, which Next
 * would fetch over TLS from its plain port (a 500 for every variant). Its own port speaks plain HTTP.
 */
function ownRoute(path: string, request: NextRequest): URL {
  const url = new URL(path, request.url)
  if (/^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname)) url.protocol = 'http:'
  return url
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export const config = {
  // Every address but Next's own files, the Studio (/studio and below, not /studio-cleaning), API
  // routes and the site's files (web/public, web/app/icon.svg; tests/unit/proxyMatcher.test.ts keeps
  // this list complete). Unknown addresses with an extension (/x.html, /wp-login.php) thus get the
  // prebuilt 404 like any other, instead of a rendered 404 cached per address. The Studio's own addresses are
  // the second entry: passed on untouched with a Sanity project, the not-found page without one.
  matcher: ['/((?!_next/|studio(?:/|$)|api/|illustrations/|icon\\.svg$|sitemap\\.xml$|sitemaps/|robots\\.txt$).*)', '/studio/:path*'],
}
