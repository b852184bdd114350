import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { clientErrorResponse, createRawAnswers, rawAnswer } from './rawAnswers.ts'
import { checkRequestTarget } from './requestTarget.ts'

/**
 * Odd requests on plain `next start`, answered before Next sees them. Next 16 runs the request hook
 * (web/proxy.ts) only after its own routing, and that routing answers some requests with a 500 and no
 * security headers (TRACE, TRACK and CONNECT: fetch refuses to build the hook's Request; `OPTIONS *`: no
 * path to parse) or an off-site Location (an absolute-form target keeps its host through Next's
 * repeated-slash redirect). Next has no setting or hook that runs earlier than its router, so the guard
 * wraps the HTTP server's `request` event from the instrumentation hook, which Next loads into the same
 * process before it routes its first request. The production front (`npm start`) answers these itself
 * and marks its process, so the guard stays off there.
 * - TRACE and CONNECT (fetch cannot carry them): 405 with the security headers; what Node cannot parse
 *   (TRACK, a malformed request line): 400 with them;
 * - the request target checked by the same rules as the front's (requestTarget.ts): absolute-form
 *   reduced to its path, `//x` a 308 to `/x`, `*` and other non-paths 400, an over-long path 414;
 * - Next's own routing headers (`x-middleware-rewrite`, `x-matched-path`) are never set on an answer.
 */
export const FRONT_PROCESS = Symbol.for('pest-site.front')

/** The methods fetch's Request refuses (WHATWG Fetch, "forbidden method") that Node's parser lets through. */
const REFUSED_METHODS = new Set(['CONNECT', 'TRACE'])
const ROUTING_HEADERS = new Set(['x-middleware-rewrite', 'x-matched-path'])
const GUARDED = Symbol.for('pest-site.next-start-guard')
const withOwnListeners = new WeakSet<http.Server>()

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean

/** The guard's answer to one request, or null to pass it on to Next (with `request.url` reduced to its path). */
export function oddRequestAnswer(request: Pick<IncomingMessage, 'method' | 'url' | 'httpVersion' | 'headers'>): { status: number; text: string; headers: OutgoingHttpHeaders } | null {
  const method = request.method ?? 'GET'
  if (REFUSED_METHODS.has(method.toUpperCase())) return { status: 405, text: 'Method not allowed.', headers: { allow: 'GET, HEAD' } }
  const verdict = checkRequestTarget(request.url, { httpVersion: request.httpVersion, host: request.headers.host })
  if (verdict.ok) {
    request.url = verdict.target
    return null
  }
  if (verdict.status === 308) return { status: 308, text: 'Moved.', headers: { location: verdict.location } }
  return { status: verdict.status, text: verdict.message, headers: {} }
}

function withoutRoutingHeaders(response: ServerResponse): void {
  const setHeader = response.setHeader.bind(response)
  response.setHeader = (name, value) => (ROUTING_HEADERS.has(name.toLowerCase()) ? response : setHeader(name, value))
}

/** Installs the guard on every HTTP server of this process; `securityHeaders` go on each of its own answers. */
export function guardNextStart(securityHeaders: OutgoingHttpHeaders): void {
  const prototype = http.Server.prototype as unknown as { emit: Emit; [GUARDED]?: true }
  if ((globalThis as { [FRONT_PROCESS]?: true })[FRONT_PROCESS] || prototype[GUARDED]) return
  const emit = prototype.emit
  const { sendPlain } = createRawAnswers({ securityHeaders })
  prototype[GUARDED] = true
  prototype.emit = function guardedEmit(event, ...args) {
    if (event === 'connection' && !withOwnListeners.has(this)) {
      withOwnListeners.add(this)
      answerWhatNodeWouldDrop(this, securityHeaders)
    }
    if (event !== 'request') return emit.call(this, event, ...args)
    const [request, response] = args as [IncomingMessage, ServerResponse]
    const answer = oddRequestAnswer(request)
    if (!answer) {
      withoutRoutingHeaders(response)
      return emit.call(this, event, ...args)
    }
    response.shouldKeepAlive = false
    sendPlain(response, answer.status, `${answer.text}\n`, { connection: 'close', ...answer.headers })
    return true
  }
}

/**
 * Node answers a request it cannot parse (an unknown method such as TRACK, a malformed target) with a bare
 * 400, and drops a CONNECT no listener takes; Next listens for neither. Both get an answer with the headers.
 */
function answerWhatNodeWouldDrop(server: http.Server, securityHeaders: OutgoingHttpHeaders): void {
  if (server.listenerCount('clientError') === 0) {
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (!socket.writable) return void socket.destroy()
      socket.end(clientErrorResponse(error, securityHeaders))
    })
  }
  if (server.listenerCount('connect') === 0) {
    server.on('connect', (_request: IncomingMessage, socket: Duplex) => socket.end(rawAnswer(405, 'Method Not Allowed', securityHeaders, { allow: 'GET, HEAD' })))
  }
}
