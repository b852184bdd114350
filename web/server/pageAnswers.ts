import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import Negotiator from 'negotiator'
import vary from 'vary'
import { ARM_COOKIE_PREFIX, SOURCE_COOKIE } from '../lib/personalization/header.ts'
import { LANDING_COOKIE } from '../lib/personalization/landing.ts'
import { cdnCacheControl, visitCacheControl } from '../lib/personalization/visit.ts'
import { clientResponseHeaders } from './edge.ts'
import type { FrontContext } from './frontContext.ts'
import type { CachedPage } from './pageCache.ts'
import type { RawAnswers } from './rawAnswers.ts'
import { inlineScriptHashes, withScriptHashes } from './scriptHashes.ts'
import { withTagSources } from './tagPolicy.ts'

/** A page's HTML that came without a policy still gets a strict one. */
export const FALLBACK_PAGE_POLICY = "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'"

export type PageEncoding = 'br' | 'gzip'

/**
 * Brotli quality 8 for a page's copy: as cheap as gzip's default level (about 2 ms for a 125 KB page,
 * where 9 takes ~15 ms and 11 ~100 ms) and a third smaller than gzip, because Brotli's window reaches
 * back over the page's markup to the same markup repeated in Next's flight data (gzip's 32 KB does not).
 */
const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 8, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
}

/** @types/negotiator (0.6) lacks negotiator 1.x's `preferred` option: the server's order among encodings of equal q. */
type EncodingsWithPreference = (available: readonly string[], options: { preferred: readonly string[] }) => string[]

/**
 * How a page goes to this client: Brotli when it takes it, else gzip, else null (as it is). The client's
 * q-values decide first (negotiator reads them, `*` and `identity` as RFC 9110 says); among equals Brotli wins.
 */
export function pageEncoding(header: string | string[] | undefined): PageEncoding | null {
  const accept = Array.isArray(header) ? header.join(', ') : header
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } })
  const [best] = (negotiator.encodings as EncodingsWithPreference).call(negotiator, ['br', 'gzip'], { preferred: ['br', 'gzip'] })
  return best === 'br' || best === 'gzip' ? best : null
}

/** A page's answer as the front keeps and sends it: Next's headers cleaned, a policy with its scripts' hashes, compressed as asked. */
export function toPage(response: IncomingMessage, body: Buffer, encodings: readonly PageEncoding[]): CachedPage {
  const headers = clientResponseHeaders(response.headers)
  delete headers['content-length']
  delete headers['content-encoding']
  // Next's notes to its own router and to CDNs, read by no browser on a page: 50 bytes of the first flight.
  delete headers['x-nextjs-prerender']
  delete headers['x-nextjs-stale-time']
  const policy = headers['content-security-policy']
  const html = body.toString('utf8')
  headers['content-security-policy'] = withTagSources(withScriptHashes(typeof policy === 'string' ? policy : FALLBACK_PAGE_POLICY, inlineScriptHashes(html)), html)
  headers.vary = vary.append(String(headers.vary ?? ''), 'Accept-Encoding')
  return {
    status: response.statusCode ?? 200,
    headers,
    body,
    gzipped: encodings.includes('gzip') ? gzipSync(body) : null,
    brotli: encodings.includes('br') ? brotliCompressSync(body, BROTLI_OPTIONS) : null,
  }
}

/** A Set-Cookie for one of a visit's choices (a test's version, the kept campaign): the front's decision sets those. */
function isVisitCookie(setCookie: string): boolean {
  const name = setCookie.slice(0, setCookie.indexOf('=')).trim()
  return name.startsWith(ARM_COOKIE_PREFIX) || name === SOURCE_COOKIE || name === LANDING_COOKIE
}

/** Sending a page to one visit: its own cookies and cache headers, in the encoding it takes. */
export function createPageAnswers({ visitorCopies, decidedCookies }: FrontContext, { finalHeaders }: RawAnswers) {
  /**
   * This visit's own headers on a page: the cookies the front's decision set (in place of any Next set for
   * the same choices), and, for any shared cache downstream, private when it sets a cookie or the visitor's
   * own cookies shaped it.
   */
  function visitHeaders(request: IncomingMessage, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
    const decided = decidedCookies.get(request)
    const fromNext = [headers['set-cookie'] ?? []].flat().map(String)
    const setCookies = decided ? [...fromNext.filter((cookie) => !isVisitCookie(cookie)), ...decided] : fromNext
    const result: OutgoingHttpHeaders = { ...headers }
    if (setCookies.length > 0) result['set-cookie'] = setCookies
    else delete result['set-cookie']
    const visit = { setCookies, shapedByCookie: visitorCopies.has(request) }
    const privately = visitCacheControl(visit)
    if (privately) result['cache-control'] = privately
    // What the request hook sets for a CDN on such an answer; a copy served here was rendered for another visit.
    const cdn = cdnCacheControl(visit)
    if (cdn) result['cdn-cache-control'] = result['surrogate-control'] = cdn
    return result
  }

  function sendPage(request: IncomingMessage, response: ServerResponse, page: CachedPage, cacheState: 'hit' | 'miss' | null) {
    const wanted = pageEncoding(request.headers['accept-encoding'])
    const compressed = wanted === 'br' ? page.brotli : wanted === 'gzip' ? page.gzipped : null
    const encoding = compressed ? wanted : null
    const body = compressed ?? page.body
    response.writeHead(
      page.status,
      finalHeaders(
        {
          ...visitHeaders(request, page.headers),
          ...(encoding ? { 'content-encoding': encoding } : {}),
          'content-length': body.length,
          ...(cacheState ? { 'x-page-cache': cacheState } : {}),
        },
        undefined,
      ),
    )
    response.end(request.method === 'HEAD' ? undefined : body)
  }

  return { visitHeaders, sendPage }
}

export type PageAnswers = ReturnType<typeof createPageAnswers>
