import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { forSharedCaches } from './edgeHeaders.ts'
import type { DirectAnswer, FrontOptions } from './frontContext.ts'

/** For anything that is not a page's HTML (JSON, assets, RSC payloads, errors): nothing may run. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** The answers the front writes itself, each with the security headers every response carries. */
export function createRawAnswers(options: Pick<FrontOptions, 'securityHeaders' | 'isDraining'>) {
  const security = options.securityHeaders ?? {}

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

  /** A route the front answers itself (options.answers) with the body it read; a failure is a plain 500. */
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

  return { finalHeaders, sendPlain, sendJson, redirect, answerDirectly }
}

export type RawAnswers = ReturnType<typeof createRawAnswers>

/** How long a lingering close reads and drops the rest of a refused body before the socket closes. */
const LINGER_MS = 2_000

/**
 * After refusing a body that is still arriving: the answer, then a half-close, reading and dropping what
 * still comes for LINGER_MS (a "lingering close", as nginx does). Node's server would destroy a
 * `connection: close` socket as soon as the answer is written; with the client's body still unread, the
 * kernel then sends a reset, and a client that had not yet read the answer loses it.
 */
export function lingerThenClose(request: IncomingMessage) {
  const socket = request.socket
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end()
  }
  request.on('data', () => {}).resume()
  socket.on('data', () => {})
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
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
