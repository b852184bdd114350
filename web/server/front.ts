import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { pageCacheKey, type CachedPage, type PageCache } from './pageCache.ts'
import { inlineScriptHashes, withScriptHashes } from './scriptHashes.ts'

/**
 * The public HTTP server in front of Next (which listens on a loopback port of its own):
 * - page requests are answered from the page cache when it has a fresh copy (see pageCache.ts);
 * - every page's HTML gets a Content-Security-Policy listing its own inline scripts' hashes, so
 *   no other inline script can run;
 * - everything else (assets, API routes, the Studio, draft previews, client navigations) passes
 *   through untouched, streamed.
 */
export interface FrontOptions {
  upstream: { host: string; port: number }
  cache: PageCache
  /** Rewrites a page's HTML before its scripts are hashed and it is stored. */
  transformHtml?: (html: string) => string
}

/** Hop-by-hop headers: about one connection, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'])
/** Next's client navigations and prefetches: they vary on these headers and are not pages. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action']
/** Draft mode (the Studio's preview) is per editor: never cached, the Studio's own policy kept. */
const DRAFT_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/
/** What Next reports for a page served from (or just written to) its ISR cache. */
const FRESH_FROM_NEXT = new Set(['HIT', 'MISS', 'REVALIDATED'])
const REVALIDATE_WEBHOOK = '/api/revalidate'

export function createFrontHandler({ upstream, cache, transformHtml }: FrontOptions) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })

  function forward(request: IncomingMessage, headers: IncomingHttpHeaders, onResponse: (response: IncomingMessage) => void, onError: (error: Error) => void) {
    const outgoing = http.request(
      { host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent },
      onResponse,
    )
    outgoing.on('error', onError)
    pipeline(request, outgoing, (error) => {
      if (error) outgoing.destroy(error)
    })
  }

  function passThrough(request: IncomingMessage, response: ServerResponse) {
    forward(
      request,
      forwardedHeaders(request),
      (upstreamResponse) => {
        if (request.method === 'POST' && request.url?.split('?')[0] === REVALIDATE_WEBHOOK && upstreamResponse.statusCode === 200) {
          cache.clear()
        }
        response.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders(upstreamResponse.headers))
        pipeline(upstreamResponse, response, () => {})
      },
      (error) => badGateway(response, error),
    )
  }

  /** A page request not answered from the cache: fetched whole from Next, hashed, maybe stored. */
  function fetchPage(request: IncomingMessage, response: ServerResponse, key: string) {
    const headers = forwardedHeaders(request)
    // The copy is compressed here, once, for whoever asks for gzip.
    headers['accept-encoding'] = 'identity'
    const generation = cache.generation
    forward(
      request,
      headers,
      (upstreamResponse) => {
        const type = String(upstreamResponse.headers['content-type'] ?? '')
        if (!type.startsWith('text/html')) {
          cache.delete(key)
          response.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders(upstreamResponse.headers))
          pipeline(upstreamResponse, response, () => {})
          return
        }
        const chunks: Buffer[] = []
        upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk))
        upstreamResponse.on('error', (error) => {
          cache.delete(key)
          badGateway(response, error)
        })
        upstreamResponse.on('end', () => {
          const html = Buffer.concat(chunks)
          // A publish during the fetch (the cache was emptied meanwhile) makes this copy old.
          const keep = isCacheable(upstreamResponse) && cache.generation === generation
          const gzip = keep || acceptsGzip(request.headers['accept-encoding'])
          const page = toPage(upstreamResponse, transformHtml ? Buffer.from(transformHtml(html.toString('utf8')), 'utf8') : html, gzip)
          if (keep) cache.set(key, page)
          else cache.delete(key)
          sendPage(request, response, page, 'miss')
        })
      },
      (error) => {
        cache.delete(key)
        badGateway(response, error)
      },
    )
  }

  return function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://site.invalid')
    if (!isPageRequest(request, url)) return passThrough(request, response)
    const key = pageCacheKey(url)
    const cached = cache.lookup(key)
    if (cached && cached.state !== 'stale') return sendPage(request, response, cached.page, 'hit')
    if (request.method === 'HEAD') {
      if (cached) cache.delete(key)
      return passThrough(request, response)
    }
    fetchPage(request, response, key)
  }
}

function isPageRequest(request: IncomingMessage, url: URL): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = url.pathname
  if (path.startsWith('/_next/') || path.startsWith('/api/') || path === '/studio' || path.startsWith('/studio/')) return false
  // Files (icon.svg, robots.txt, illustrations) are not pages.
  if (/\.[A-Za-z0-9]+$/.test(path) || url.searchParams.has('_rsc')) return false
  if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  return !DRAFT_COOKIES.test(request.headers.cookie ?? '')
}

function isCacheable(response: IncomingMessage): boolean {
  const cacheControl = String(response.headers['cache-control'] ?? '')
  return (
    response.statusCode === 200 &&
    FRESH_FROM_NEXT.has(String(response.headers['x-nextjs-cache'] ?? '').toUpperCase()) &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !/\b(?:private|no-store|no-cache)\b/.test(cacheControl) &&
    response.headers['set-cookie'] === undefined
  )
}

function toPage(response: IncomingMessage, body: Buffer, gzip: boolean): CachedPage {
  const headers = responseHeaders(response.headers)
  delete headers['content-length']
  delete headers['content-encoding']
  // Names Next's internal address and the variant route; the visitor's address is the page's.
  delete headers['x-middleware-rewrite']
  const policy = headers['content-security-policy']
  if (typeof policy === 'string') headers['content-security-policy'] = withScriptHashes(policy, inlineScriptHashes(body.toString('utf8')))
  headers.vary = mergeVary(headers.vary, 'Accept-Encoding')
  return { status: response.statusCode ?? 200, headers, body, gzipped: gzip ? gzipSync(body) : null }
}

function sendPage(request: IncomingMessage, response: ServerResponse, page: CachedPage, cacheState: 'hit' | 'miss') {
  const gzip = page.gzipped !== null && acceptsGzip(request.headers['accept-encoding'])
  const body = gzip && page.gzipped ? page.gzipped : page.body
  response.writeHead(page.status, {
    ...page.headers,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    'content-length': body.length,
    'x-page-cache': cacheState,
  })
  response.end(request.method === 'HEAD' ? undefined : body)
}

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value
  // This is the public edge: a client's own X-Forwarded-For is not to be believed.
  delete headers['x-forwarded-for']
  const client = request.socket.remoteAddress
  if (client) headers['x-forwarded-for'] = client
  return headers
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) result[name] = value
  return result
}

function mergeVary(existing: OutgoingHttpHeaders[string], name: string): string {
  const values = String(existing ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  return values.some((value) => value.toLowerCase() === name.toLowerCase()) ? values.join(', ') : [...values, name].join(', ')
}

export function acceptsGzip(header: string | string[] | undefined): boolean {
  for (const part of String(header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') continue
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    return quality === undefined || Number(quality.slice(2)) > 0
  }
  return false
}

function badGateway(response: ServerResponse, error: Error) {
  console.error(`[front] upstream failed: ${error.message}`)
  if (response.headersSent) return response.destroy()
  response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  response.end('The site is briefly unavailable. Please try again in a moment.\n')
}
