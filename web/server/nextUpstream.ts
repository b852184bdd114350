import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { VISITOR_SHAPED_CACHE_CONTROL } from '../lib/edgeCache/headers.ts'
import { clientResponseHeaders, upstreamRequestHeaders } from './edge.ts'
import type { FrontContext } from './frontContext.ts'
import { FALLBACK_PAGE_POLICY, pageEncoding, toPage, type PageAnswers, type PageEncoding } from './pageAnswers.ts'
import { NOTHING_POLICY, type RawAnswers } from './rawAnswers.ts'
import { acceptsHtml, hasDraftCookie, isStudio, NOT_FOUND_PAGE, REVALIDATE_WEBHOOK } from './requestRules.ts'
import { withScriptHashes } from './scriptHashes.ts'

/** What Next reports for a page served from (or just written to) its ISR cache. */
const FRESH_FROM_NEXT = new Set(['HIT', 'MISS', 'REVALIDATED'])
const UPSTREAM_MAX_HEADER_BYTES = 64 * 1024
/** Socket errors that mean a kept-alive connection to Next was closed just as it was reused. */
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])

/**
 * The front's connection to Next: requests sent over kept-alive sockets, answers streamed back (a page's
 * HTML buffered, hashed, maybe kept), and a publish webhook's success emptying the page cache.
 */
export function createNextUpstream(context: FrontContext, raw: RawAnswers, pages: PageAnswers) {
  const { options, edge, cache, shapes, visitorCopies, decidedCookies } = context
  const { upstream, transformHtml } = options
  const { finalHeaders, sendPlain } = raw
  const { visitHeaders, sendPage } = pages
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  /** When Next last answered anything: readiness counts a busy Next as up. */
  let nextAnsweredAt = 0

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
      const draft = hasDraftCookie(request.headers.cookie)
      const rewrite = transformHtml && !draft ? transformHtml : undefined
      const page = toPage(upstreamResponse, rewrite ? Buffer.from(rewrite(html.toString('utf8')), 'utf8') : html, encodings)
      if (key && keep) cache.set(key, page)
      else if (key) cache.delete(key)
      sendPage(request, response, page, key ? 'miss' : null)
    })
  }

  /** Asks Next for the request (its body already read, if any); `key`: where a cacheable page's copy is kept. */
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

  return { fetchFromNext, refuse, nextAnsweredAt: () => nextAnsweredAt }
}

export type NextUpstream = ReturnType<typeof createNextUpstream>

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
