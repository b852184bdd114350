import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import Negotiator from 'negotiator'
import vary from 'vary'
import { clientAddress, clientResponseHeaders, upstreamRequestHeaders, type EdgeOptions } from './edge.ts'
import { BodyError, hasBody, readBody, UploadGate } from './limits.ts'
import type { RenderAdmission } from './admission.ts'
import { checkRequestTarget, withoutPreviewCookies } from './requestTarget.ts'
import { signatureLooksFresh, SIGNATURE_HEADER_NAME } from '../lib/webhook.ts'
import { ARM_COOKIE_PREFIX, hasKeptCookie, SOURCE_COOKIE } from '../lib/personalization/header.ts'
import type { RequestExtras } from '../lib/personalization/variant.ts'
import { cdnCacheControl, decideVisit, visitCacheControl } from '../lib/personalization/visit.ts'
import { pageCacheKey, type CachedPage, type PageCache, type RouteLookup } from './pageCache.ts'
import { inlineScriptHashes, withScriptHashes } from './scriptHashes.ts'
import { withTagSources } from './tagPolicy.ts'
import { forSharedCaches } from './edgeHeaders.ts'
import { VISITOR_SHAPED_CACHE_CONTROL } from '../lib/edgeCache/headers.ts'

/**
 * The public HTTP server in front of Next (which listens on a loopback port of its own):
 * - page requests are answered from the page cache when it has a fresh copy (see pageCache.ts); which
 *   pages run an A/B test or read ad inputs is content (./pageShapes.ts), and a visit is decided here with
 *   the request hook's own `decideVisit`: a first visit to a test page gets the cached copy of the version
 *   it was given, with the signed cookie the decision set;
 * - every page's HTML gets a Content-Security-Policy listing its own inline scripts' hashes, so
 *   no other inline script can run; every other response gets a policy that allows nothing;
 * - pages and files answer GET and HEAD only; a body is read (bounded) only for the routes that
 *   take one, before Next sees the request;
 * - everything else (assets, API routes, the Studio, client navigations) passes through, streamed;
 * - every response it sends, its own included, carries the security headers.
 */
/** A route the front answers itself: the request's path and query, headers and body in, the answer out. */
export type DirectAnswer = (request: { pathAndQuery: string; headers: IncomingHttpHeaders; body: Buffer }) => Promise<{ status: number; contentType: string; body: string }>

export interface FrontOptions extends Partial<Pick<EdgeOptions, 'trustedProxies'>> {
  upstream: { host: string; port: number }
  cache: PageCache
  /**
   * Which pages read ad inputs, run a test or show tracking numbers, from content (./pageShapes.ts);
   * forget() after a publish. Absent: every page is a plain page.
   */
  shapes?: RouteLookup & { forget?(): Promise<void> }
  /** Rewrites a page's HTML before its scripts are hashed and it is stored. */
  transformHtml?: (html: string) => string
  /** Headers every response carries (nosniff, HSTS, …); Next's own are kept where it sent them. */
  securityHeaders?: OutgoingHttpHeaders
  /** Routes that take a request body (POST), with their size limit in bytes. */
  bodyLimits?: Readonly<Record<string, number>>
  /** Routes whose (small) body must be whole within this many ms: a tap's is under 1 KB. */
  bodyDeadlines?: Readonly<Record<string, number>>
  /**
   * POST routes of bodyLimits the front answers itself once it has read the body, with no trip through Next
   * (Twilio's voice webhooks: a caller waits for the answer); plain `next start` answers them with the route.
   */
  answers?: Readonly<Record<string, DirectAnswer>>
  /**
   * Caps on uploads in progress: per address, per network (/24, /56) and in total; a body idle for
   * idleMs, or not whole within totalMs, is refused (408).
   */
  uploads?: { perClient: number; perNetwork?: number; total: number; reservedForNewNetworks?: number; idleMs: number; totalMs?: number }
  /**
   * Upload slots only a publish webhook (POST /api/revalidate with a recent-looking signature) takes,
   * so visitors' uploads can never hold up a publish. Sanity sends its body at once: a short totalMs, and
   * when the slots are full a new publish takes the slot of the one held longest (a body that only looks
   * signed and drips is no Sanity delivery).
   */
  webhookUploads?: { perClient: number; perNetwork: number; total: number; totalMs: number }
  /** Bounds fresh renders of personalized variants (admission.ts); absent: unbounded. */
  renders?: RenderAdmission
  /**
   * Whether a cookie header holds a draft session Next accepts (requestTarget.ts); absent: any preview
   * cookie counts. A preview cookie that is not one is dropped: the request is an ordinary visitor's.
   */
  isDraftSession?: (cookieHeader: string) => boolean
  /**
   * Readiness: GET /healthz (and /readyz); absent: the paths are ordinary (unknown) pages. Told when
   * Next last answered the front, so a busy Next is not taken for a dead one. GET /livez answers 200
   * whenever the process does.
   */
  health?: (facts: { nextAnsweredAt: number }) => Promise<Health>
  /** Shutting down: answers close their connection. */
  isDraining?: () => boolean
  /** Called after a publish webhook was accepted (the cache is already emptied). */
  onPublish?: () => void
  /**
   * Whether /studio is the Studio. False on a production server with no Sanity project: the local
   * Content Lake is a development tool, so /studio answers the site's not-found page. Absent: the Studio.
   */
  studio?: boolean
  /** Called when a bot's request for a page with a running A/B test is answered from the copy (the request hook counts those that reach Next): the Calls tool's "bots excluded". */
  onBotExcluded?: (experiment: string) => void
}

/** What GET /healthz answers: 200 when ok, else 503; the body names parts and states, no secrets. */
export interface Health {
  ok: boolean
  body: Record<string, string>
}

/** Next's client navigations and prefetches: they vary on these headers and are not pages. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action']
/** Draft mode (the Studio's preview) is per editor: never cached. */
const DRAFT_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/
/** What Next reports for a page served from (or just written to) its ISR cache. */
const FRESH_FROM_NEXT = new Set(['HIT', 'MISS', 'REVALIDATED'])
const REVALIDATE_WEBHOOK = '/api/revalidate'
export const DEFAULT_BODY_LIMITS: Readonly<Record<string, number>> = {
  [REVALIDATE_WEBHOOK]: 1024 * 1024,
  '/api/calls': 4 * 1024,
  // Twilio's voice webhooks (a form of a few dozen parameters) and a page asking for its pool number.
  '/api/voice/incoming': 16 * 1024,
  '/api/voice/status': 16 * 1024,
  '/api/voice/lease': 2 * 1024,
}
/** A tap's body (under 1 KB, sent at once by the browser) is whole within 2 s. */
export const DEFAULT_BODY_DEADLINES: Readonly<Record<string, number>> = { '/api/calls': 2_000 }
/**
 * A Next server action posted from a page in draft mode (the Presentation tool's preview, next-sanity):
 * let through to Next with its body bounded, never cached. Without the draft cookie a page stays GET/HEAD.
 */
const DRAFT_ACTION_BODY_LIMIT = 64 * 1024
/** A body within 20 s: with the 10 s for headers, a whole request within 30 s. */
/** The last 16 slots only for networks holding none: four networks of slow bodies leave a fifth its slot. */
const DEFAULT_UPLOADS = { perClient: 4, perNetwork: 16, total: 64, reservedForNewNetworks: 16, idleMs: 10_000, totalMs: 20_000 }
const DEFAULT_WEBHOOK_UPLOADS = { perClient: 2, perNetwork: 2, total: 8, totalMs: 5_000 }
/** For anything that is not a page's HTML (JSON, assets, RSC payloads, errors): nothing may run. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"
/** A page's HTML that came without a policy still gets a strict one. */
const FALLBACK_PAGE_POLICY = "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
const UPSTREAM_MAX_HEADER_BYTES = 64 * 1024
/** Next's prebuilt not-found page (app/global-not-found.tsx; the proxy lets this address through). */
const NOT_FOUND_PAGE = '/_not-found'
/** Socket errors that mean a kept-alive connection to Next was closed just as it was reused. */
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])

export function createFrontHandler(options: FrontOptions) {
  const { upstream, cache, transformHtml } = options
  const edge: EdgeOptions = { upstream, trustedProxies: options.trustedProxies ?? new Set() }
  const security = options.securityHeaders ?? {}
  const bodyLimits = options.bodyLimits ?? DEFAULT_BODY_LIMITS
  const uploadLimits = options.uploads ?? DEFAULT_UPLOADS
  const gate = new UploadGate(uploadLimits)
  const webhookUploads = options.webhookUploads ?? DEFAULT_WEBHOOK_UPLOADS
  const webhookGate = new UploadGate(webhookUploads)
  /** Publish uploads in progress, the one held longest first. */
  const webhookHolders = new Set<{ request: IncomingMessage; release: () => void }>()
  const bodyDeadlines = options.bodyDeadlines ?? DEFAULT_BODY_DEADLINES
  /** When Next last answered anything: readiness counts a busy Next as up. */
  let nextAnsweredAt = 0
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  const shapes: RouteLookup & { forget?(): Promise<void> } = options.shapes ?? { get: () => null }
  /** Page requests whose copy the visitor's own cookies shaped (a kept version or campaign): kept here, keyed by them, and private downstream. */
  const visitorCopies = new WeakSet<IncomingMessage>()
  /** The cookies the front's decision set for a page request (a new version, a landing's campaign). */
  const decidedCookies = new WeakMap<IncomingMessage, string[]>()

  /** Headers for a response to the client: Next's (cleaned) plus the security set, and a policy. */
  function finalHeaders(headers: OutgoingHttpHeaders, policy: string | undefined): OutgoingHttpHeaders {
    const result: OutgoingHttpHeaders = { ...headers }
    for (const [name, value] of Object.entries(security)) if (result[name] === undefined) result[name] = value
    if (policy !== undefined) result['content-security-policy'] = policy
    if (options.isDraining?.()) result.connection = 'close'
    forSharedCaches(result)
    return result
  }

  /** A response the front writes itself. */
  function sendPlain(response: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}) {
    if (response.headersSent) return void response.destroy()
    const body = Buffer.from(text, 'utf8')
    response.writeHead(status, finalHeaders({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': body.length, ...extra }, NOTHING_POLICY))
    response.end(body)
  }

  function sendJson(response: ServerResponse, status: number, value: unknown, extra: OutgoingHttpHeaders = {}) {
    const body = Buffer.from(JSON.stringify(value), 'utf8')
    response.writeHead(status, finalHeaders({ 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': body.length, ...extra }, NOTHING_POLICY))
    response.end(body)
  }

  /** A redirect the front decides itself (a `//…` path to its one-slash form): no body to read. */
  function redirect(response: ServerResponse, location: string) {
    response.writeHead(308, finalHeaders({ location, 'cache-control': 'no-store', 'content-length': 0, connection: 'close' }, NOTHING_POLICY))
    response.end()
  }

  /**
   * An odd request the front refuses: its status, with the site's not-found page as the body when a
   * browser asked for HTML (GET or HEAD with text/html in Accept), else one line of text.
   */
  function refuse(request: IncomingMessage, response: ServerResponse, status: number, message: string) {
    const method = request.method ?? 'GET'
    if ((method !== 'GET' && method !== 'HEAD') || !acceptsHtml(request.headers.accept)) {
      sendPlain(response, status, `${message}\n`, { connection: 'close' })
      return void request.resume()
    }
    request.url = NOT_FOUND_PAGE
    const headers = upstreamRequestHeaders(request, edge)
    headers['accept-encoding'] = 'identity'
    forward(
      request,
      response,
      headers,
      null,
      (upstreamResponse) => {
        const chunks: Buffer[] = []
        upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk))
        upstreamResponse.on('error', () => sendPlain(response, status, `${message}\n`, { connection: 'close' }))
        upstreamResponse.on('end', () => {
          if (response.destroyed) return
          const html = Buffer.concat(chunks).toString('utf8')
          const wanted = pageEncoding(request.headers['accept-encoding'])
          const page = toPage(upstreamResponse, Buffer.from(transformHtml ? transformHtml(html) : html, 'utf8'), wanted ? [wanted] : [])
          page.status = status
          page.headers['cache-control'] = 'no-store'
          page.headers.connection = 'close'
          sendPage(request, response, page, null)
        })
      },
      () => sendPlain(response, status, `${message}\n`, { connection: 'close' }),
    )
    request.resume()
  }

  function badGateway(response: ServerResponse, error: Error) {
    // A client that left, or Next closing a connection, is routine: one line, no stack.
    console.error(`[front] upstream failed: ${error.message}`)
    sendPlain(response, 502, 'The site is briefly unavailable. Please try again in a moment.\n')
  }

  /**
   * Sends the request to Next. An idempotent request that meets a kept-alive socket Next is
   * closing (the keep-alive race) is sent once more on a fresh connection.
   */
  function forward(
    request: IncomingMessage,
    response: ServerResponse,
    headers: IncomingHttpHeaders,
    body: Buffer | null,
    onResponse: (upstreamResponse: IncomingMessage) => void,
    onError: (error: Error) => void,
    retried = false,
  ) {
    if (body) headers['content-length'] = String(body.length)
    else {
      delete headers['content-length']
      delete headers['transfer-encoding']
    }
    // Next repeats an address in a redirect's headers (Location, Refresh): reading a long one must not fail
    // (the client's own request head is bounded by the public server's 16 KB).
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent, maxHeaderSize: UPSTREAM_MAX_HEADER_BYTES }, (upstreamResponse) => {
      nextAnsweredAt = Date.now()
      // The client left: stop reading from Next.
      if (response.destroyed) return void upstreamResponse.destroy()
      onResponse(upstreamResponse)
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (response.destroyed) return
      const idempotent = request.method === 'GET' || request.method === 'HEAD'
      if (!retried && idempotent && outgoing.reusedSocket && STALE_SOCKET_ERRORS.has(error.code ?? '')) {
        return forward(request, response, headers, body, onResponse, onError, true)
      }
      onError(error)
    })
    // The client left before the answer: Next need not finish it for nobody.
    response.once('close', () => {
      if (!response.writableFinished) outgoing.destroy()
    })
    outgoing.end(body ?? undefined)
  }

  /** Streams Next's answer; a page's HTML is buffered instead, to hash its scripts (and maybe keep it). */
  function relay(request: IncomingMessage, response: ServerResponse, upstreamResponse: IncomingMessage, path: string, key: string | null, generation: number) {
    const type = String(upstreamResponse.headers['content-type'] ?? '')
    const pageHtml = type.startsWith('text/html') && !isStudio(path)
    if (pageHtml && request.method !== 'HEAD') return collectPage(request, response, upstreamResponse, key, generation)
    if (key) cache.delete(key)
    const headers = visitHeaders(request, clientResponseHeaders(upstreamResponse.headers))
    if (pageHtml) {
      // HEAD: no body, so no script to allow.
      const policy = headers['content-security-policy']
      response.writeHead(upstreamResponse.statusCode ?? 502, finalHeaders(headers, withScriptHashes(typeof policy === 'string' ? policy : FALLBACK_PAGE_POLICY, [])))
      upstreamResponse.resume()
      return void response.end()
    }
    // The Studio's HTML keeps the Studio's own policy; nothing else may run anything.
    const policy = isStudio(path) && type.startsWith('text/html') ? undefined : NOTHING_POLICY
    response.writeHead(upstreamResponse.statusCode ?? 502, finalHeaders(headers, policy))
    pipeline(upstreamResponse, response, () => {})
  }

  function collectPage(request: IncomingMessage, response: ServerResponse, upstreamResponse: IncomingMessage, key: string | null, generation: number) {
    const chunks: Buffer[] = []
    upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk))
    upstreamResponse.on('error', (error) => {
      if (key) cache.delete(key)
      if (!response.destroyed) badGateway(response, error)
    })
    upstreamResponse.on('end', () => {
      if (response.destroyed) return
      const html = decoded(Buffer.concat(chunks), upstreamResponse.headers['content-encoding'])
      // A publish during the fetch (the cache was emptied meanwhile) makes this copy old.
      const keep = key !== null && isCacheable(upstreamResponse, visitorCopies.has(request) || decidedCookies.has(request)) && cache.generation === generation
      // A kept copy is compressed both ways, once; a page sent once only the way this client takes.
      const wanted = pageEncoding(request.headers['accept-encoding'])
      const encodings: PageEncoding[] = keep ? ['gzip', 'br'] : wanted ? [wanted] : []
      // Not a draft-mode page (the Studio's Presentation preview; an invalid preview cookie was dropped on
      // arrival): the tool keeps its frame hidden until the page's visual editing connects, and scripts
      // started after the first paint would never start in a frame that does not paint.
      const draft = DRAFT_COOKIES.test(request.headers.cookie ?? '')
      const rewrite = transformHtml && !draft ? transformHtml : undefined
      const page = toPage(upstreamResponse, rewrite ? Buffer.from(rewrite(html.toString('utf8')), 'utf8') : html, encodings)
      if (key && keep) cache.set(key, page)
      else if (key) cache.delete(key)
      sendPage(request, response, page, key ? 'miss' : null)
    })
  }

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

  function fetchFromNext(request: IncomingMessage, response: ServerResponse, path: string, key: string | null, body: Buffer | null) {
    const headers = upstreamRequestHeaders(request, edge)
    // A page's copy is compressed here, once, for whoever asks for Brotli or gzip.
    if (key) headers['accept-encoding'] = 'identity'
    const generation = cache.generation
    forward(
      request,
      response,
      headers,
      body,
      (upstreamResponse) => {
        if (request.method === 'POST' && path === REVALIDATE_WEBHOOK && upstreamResponse.statusCode === 200) {
          cache.clear()
          void shapes.forget?.()
          options.onPublish?.()
        }
        relay(request, response, upstreamResponse, path, key, generation)
      },
      (error) => {
        if (key) cache.delete(key)
        badGateway(response, error)
      },
    )
  }

  async function acceptBody(request: IncomingMessage, response: ServerResponse, path: string, limit: number) {
    const client = clientAddress(request, edge.trustedProxies)
    const publish = path === REVALIDATE_WEBHOOK && signatureLooksFresh(request.headers[SIGNATURE_HEADER_NAME])
    const reserved = publish ? enterWebhookGate(request, client) : null
    const release = reserved ?? gate.enter(client)
    const totalMs = reserved ? webhookUploads.totalMs : Math.min(uploadLimits.totalMs ?? DEFAULT_UPLOADS.totalMs, bodyDeadlines[path] ?? Infinity)
    if (!release) {
      sendPlain(response, 429, 'Too many uploads in progress.\n', { connection: 'close', 'retry-after': '5' })
      return lingerThenClose(request)
    }
    try {
      const body = await readBody(request, limit, uploadLimits.idleMs, totalMs)
      release()
      const direct = options.answers?.[path]
      if (direct) return void answerDirectly(request, response, direct, body)
      fetchFromNext(request, response, path, null, body)
    } catch (error) {
      release()
      const status = error instanceof BodyError ? error.status : 400
      sendJson(response, status, { message: error instanceof Error ? error.message : 'Unreadable body.' }, { connection: 'close' })
      lingerThenClose(request)
    }
  }

  async function answerDirectly(request: IncomingMessage, response: ServerResponse, answer: DirectAnswer, body: Buffer) {
    try {
      const result = await answer({ pathAndQuery: request.url ?? '/', headers: request.headers, body })
      const bytes = Buffer.from(result.body, 'utf8')
      response.writeHead(result.status, finalHeaders({ 'content-type': result.contentType, 'cache-control': 'no-store', 'content-length': bytes.length }, NOTHING_POLICY))
      response.end(bytes)
    } catch (error) {
      console.error(`[front] ${request.url ?? ''} not answered: ${error instanceof Error ? error.message : String(error)}`)
      sendPlain(response, 500, 'Internal error.\n')
    }
  }

  /**
   * A reserved publish slot, within the per-address and per-network budgets. All taken: the upload held
   * longest is cut (a real delivery arrives whole at once, so only a body that drips is held) and its slot
   * goes to this one.
   */
  function enterWebhookGate(request: IncomingMessage, client: string): (() => void) | null {
    let release = webhookGate.enter(client)
    const oldest = webhookHolders.values().next().value
    if (!release && oldest && webhookGate.withinOwnBudgets(client)) {
      webhookHolders.delete(oldest)
      oldest.release()
      oldest.request.destroy()
      release = webhookGate.enter(client)
    }
    if (!release) return null
    const holder = { request, release }
    webhookHolders.add(holder)
    return () => {
      webhookHolders.delete(holder)
      release()
    }
  }

  async function healthz(response: ServerResponse) {
    if (!options.health) return false
    const { ok, body } = await options.health({ nextAnsweredAt }).catch(() => ({ ok: false, body: { status: 'error' } }))
    sendJson(response, ok ? 200 : 503, body)
    return true
  }

  /** A preview cookie that is not a draft session Next accepts is dropped: an ordinary visitor. */
  function dropInvalidPreviewCookies(request: IncomingMessage) {
    const cookie = request.headers.cookie
    if (!options.isDraftSession || !cookie || !DRAFT_COOKIES.test(cookie) || options.isDraftSession(cookie)) return
    const rest = withoutPreviewCookies(cookie)
    if (rest) request.headers.cookie = rest
    else delete request.headers.cookie
  }

  function plainPageKey(path: string, extras: RequestExtras): string {
    return pageCacheKey(new URL(path, 'http://site.invalid'), shapes, extras)
  }

  /**
   * A fresh render of a personalized variant waits for a slot (admission.ts); past the short queue or
   * its deadline the plain page goes instead, at once: the copy in memory, else Next's plain page.
   */
  async function admitRender(request: IncomingMessage, response: ServerResponse, path: string, extras: RequestExtras, render: () => void, plainRouterPayload?: () => void) {
    const release = await options.renders!.enter()
    if (response.destroyed) return release?.()
    if (release) {
      response.once('close', release)
      return render()
    }
    response.setHeader('x-page-cache', 'plain')
    if (plainRouterPayload) return plainRouterPayload()
    const key = plainPageKey(path, extras)
    const plain = cache.lookup(key)
    if (plain && plain.state !== 'stale') return sendPage(request, response, plain.page, null)
    request.url = path
    fetchFromNext(request, response, path, request.method === 'HEAD' ? null : key, null)
  }

  return function handle(request: IncomingMessage, response: ServerResponse) {
    const target = checkRequestTarget(request.url, { httpVersion: request.httpVersion, host: request.headers.host })
    if (!target.ok) {
      if (target.status === 308) {
        request.resume()
        return redirect(response, target.location)
      }
      return refuse(request, response, target.status, target.message)
    }
    // Absolute-form reduced to its path: the host in it is never used.
    request.url = target.target
    const url = parseUrl(request.url)
    if (!url) return refuse(request, response, 400, 'Bad request.')
    const path = url.pathname
    const method = request.method ?? 'GET'
    const readOnly = method === 'GET' || method === 'HEAD'
    if ((path === '/healthz' || path === '/readyz') && options.health && readOnly) return void healthz(response)
    if (path === '/livez' && options.health && readOnly) return sendJson(response, 200, { status: 'ok' })
    dropInvalidPreviewCookies(request)

    const bodyLimit = Object.hasOwn(bodyLimits, path) ? bodyLimits[path] : undefined
    if (!readOnly) {
      if (method === 'POST' && bodyLimit !== undefined) return void acceptBody(request, response, path, bodyLimit)
      if (method === 'POST' && request.headers['next-action'] !== undefined && DRAFT_COOKIES.test(request.headers.cookie ?? '')) {
        // Next runs an action only when its Origin is the host it was sent to (its CSRF check), and it is
        // sent to Next's loopback address: an Origin that is the host the browser asked for is named so.
        // Any other Origin goes as it came, for Next to refuse.
        if (originHost(request.headers.origin) === request.headers.host) request.headers.origin = `http://${upstream.host}:${upstream.port}`
        return void acceptBody(request, response, path, DRAFT_ACTION_BODY_LIMIT)
      }
      const withBody = hasBody(request)
      sendPlain(response, 405, 'Method not allowed.\n', {
        allow: bodyLimit !== undefined ? 'GET, HEAD, POST' : 'GET, HEAD',
        // An unread body would be taken for the next request on this connection.
        ...(withBody ? { connection: 'close' } : {}),
      })
      if (withBody) lingerThenClose(request)
      return
    }

    if (options.studio === false && isStudio(path)) {
      request.url = NOT_FOUND_PAGE
      return fetchFromNext(request, response, NOT_FOUND_PAGE, null, null)
    }
    if (!isPageRequest(request, url)) {
      // A client navigation to a personalized address renders too (its RSC payload): bounded the same way;
      // turned away, it gets the plain page's payload (the query without the ad inputs, Next's _rsc kept).
      if (options.renders && isRouterRequest(request, url) && pageCacheKey(url, shapes) !== path) {
        const plainRouterPayload = () => {
          const rsc = url.searchParams.get('_rsc')
          request.url = rsc === null ? path : `${path}?${new URLSearchParams({ _rsc: rsc })}`
          fetchFromNext(request, response, path, null, null)
        }
        return void admitRender(request, response, path, {}, () => fetchFromNext(request, response, path, null, null), plainRouterPayload)
      }
      return fetchFromNext(request, response, path, null, null)
    }
    const route = shapes.get(path)
    // Not known yet (the list is being read after a publish): Next's request hook decides, and its answer
    // is not kept; one a kept version or campaign may have shaped is private.
    if (route === undefined) {
      if (hasKeptCookie(request.headers.cookie)) visitorCopies.add(request)
      return fetchFromNext(request, response, path, null, null)
    }
    // The request hook's own decision (lib/personalization/visit.ts) on the same content and cookies: a first
    // visit to a test page is given its version here, and the copy of that version is served with its cookie.
    const userAgent = request.headers['user-agent']
    const random = crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32
    const visit = decideVisit(route, request.headers.cookie, userAgent, url.searchParams, random)
    if (visit.setCookies.length > 0) {
      decidedCookies.set(request, visit.setCookies)
      // Next's request hook, if asked, reads the same choice from the cookies and sets none of its own.
      request.headers.cookie = withCookies(request.headers.cookie, visit.setCookies)
    }
    // A crawler's copy of a page with a test is private downstream too: shared, first visitors would get it without a version.
    if (visit.shapedByCookie || visit.excludedBot) visitorCopies.add(request)
    const extras: RequestExtras = { arm: visit.arm, trackingSource: visit.trackingSource }
    const key = pageCacheKey(url, shapes, extras)
    const cached = cache.lookup(key)
    if (cached && cached.state !== 'stale') {
      // A crawler answered here never reaches the request hook, which counts the others.
      if (visit.excludedBot) options.onBotExcluded?.(visit.excludedBot)
      return sendPage(request, response, cached.page, 'hit')
    }
    // A variant with no copy at all is a fresh render: admitted within bounds (a stale copy's refresh is Next's cached one).
    const freshRender = !cached && options.renders !== undefined && key !== plainPageKey(path, extras)
    if (method === 'HEAD') {
      if (cached) cache.delete(key)
      if (freshRender) return void admitRender(request, response, path, extras, () => fetchFromNext(request, response, path, null, null))
      return fetchFromNext(request, response, path, null, null)
    }
    const render = () => fetchFromNext(request, response, path, key, null)
    if (freshRender) return void admitRender(request, response, path, extras, render)
    render()
  }

  function toPage(response: IncomingMessage, body: Buffer, encodings: readonly PageEncoding[]): CachedPage {
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
}

/** Next compresses what the client said it accepts; a page's HTML is read here as text. */
function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  switch (String(encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
      return gunzipSync(body)
    case 'br':
      return brotliDecompressSync(body)
    case 'deflate':
      return inflateSync(body)
    default:
      return body
  }
}

/**
 * After refusing a body mid-upload: the rest is read and dropped for a moment before the socket
 * closes. Closing at once, with unread bytes, makes the kernel reset the connection, and a client
 * still sending may then never read the refusal (what nginx calls a lingering close).
 */
const LINGER_MS = 2_000
/**
 * After refusing a body that is still arriving: the answer, then a half-close, reading and dropping what
 * still comes for LINGER_MS (a "lingering close", as nginx does). Node's server would destroy a
 * `connection: close` socket as soon as the answer is written; with the client's body still unread, the
 * kernel then sends a reset, and a client that had not yet read the answer loses it.
 */
function lingerThenClose(request: IncomingMessage) {
  const socket = request.socket
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end()
  }
  request.on('data', () => {}).resume()
  socket.on('data', () => {})
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

function parseUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://site.invalid')
  } catch {
    return null
  }
}

function originHost(origin: string | undefined): string | null {
  try {
    return origin ? new URL(origin).host : null
  } catch {
    return null
  }
}

/** A browser's navigation: text/html preferred over plain text (a tool's "any type" Accept is not). */
function acceptsHtml(accept: string | undefined): boolean {
  return new Negotiator({ headers: { accept } }).mediaType(['text/plain', 'text/html']) === 'text/html'
}

function isStudio(path: string): boolean {
  return path === '/studio' || path.startsWith('/studio/')
}

function isPageRequest(request: IncomingMessage, url: URL): boolean {
  const path = url.pathname
  if (path.startsWith('/_next/') || path.startsWith('/api/') || isStudio(path)) return false
  // Files (icon.svg, robots.txt, illustrations) are not pages.
  if (/\.[A-Za-z0-9]+$/.test(path) || url.searchParams.has('_rsc')) return false
  if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  return !DRAFT_COOKIES.test(request.headers.cookie ?? '')
}

/** A client navigation or prefetch of a page (Next's router headers or _rsc), not a draft session's. */
function isRouterRequest(request: IncomingMessage, url: URL): boolean {
  const path = url.pathname
  if (path.startsWith('/_next/') || path.startsWith('/api/') || isStudio(path) || /\.[A-Za-z0-9]+$/.test(path)) return false
  if (DRAFT_COOKIES.test(request.headers.cookie ?? '')) return false
  return url.searchParams.has('_rsc') || ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)
}

/** A Set-Cookie for one of a visit's choices (a test's version, the kept campaign): the front's decision sets those. */
function isVisitCookie(setCookie: string): boolean {
  const name = setCookie.slice(0, setCookie.indexOf('=')).trim()
  return name.startsWith(ARM_COOKIE_PREFIX) || name === SOURCE_COOKIE
}

/** A Cookie header with these Set-Cookie values in it, replacing any of the same name. */
function withCookies(header: string | undefined, setCookies: readonly string[]): string {
  const pairs = setCookies.map((cookie) => cookie.split(';')[0]!.trim())
  const names = new Set(pairs.map((pair) => pair.slice(0, pair.indexOf('='))))
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !names.has(part.slice(0, part.indexOf('=')).trim()))
  return [...kept, ...pairs].join('; ')
}

/**
 * A page Next served from its ISR cache, for everyone; or, `visitorCopy`, one the visitor's own cookies
 * shaped, which the request hook marks private for shared caches and the front keys by those cookies.
 */
function isCacheable(response: IncomingMessage, visitorCopy: boolean): boolean {
  const cacheControl = String(response.headers['cache-control'] ?? '')
  const shared = /\bs-maxage=\d+/.test(cacheControl) && !/\b(?:private|no-store|no-cache)\b/.test(cacheControl)
  return (
    response.statusCode === 200 &&
    FRESH_FROM_NEXT.has(String(response.headers['x-nextjs-cache'] ?? '').toUpperCase()) &&
    (shared || (visitorCopy && cacheControl === VISITOR_SHAPED_CACHE_CONTROL)) &&
    response.headers['set-cookie'] === undefined
  )
}

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

/**
 * The raw answer to a request Node could not parse (bad syntax, headers too large, too slow),
 * with the same security headers as every other response. Node's own answer carries none.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException, securityHeaders: OutgoingHttpHeaders = {}): string {
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request']
  return rawAnswer(status, reason, securityHeaders)
}

/** A whole raw answer (status line, the security headers, the reason as text) that closes the connection. */
export function rawAnswer(status: number, reason: string, securityHeaders: OutgoingHttpHeaders = {}, extra: OutgoingHttpHeaders = {}): string {
  const headers: OutgoingHttpHeaders = { ...securityHeaders, 'content-security-policy': NOTHING_POLICY, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': reason.length + 1, connection: 'close', ...extra }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`)
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${reason}\n`
}
