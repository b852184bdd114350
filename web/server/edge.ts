import { isIP } from 'node:net'
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http'

/**
 * What crosses the public edge, in both directions.
 *
 * Into Next: the front is the only client of Next's loopback port, so Next must always see the
 * same plain-HTTP request to itself, whatever a client or a reverse proxy (nginx, a cloud load
 * balancer, Cloudflare) wrote. Next builds `request.url` — and so the origin of every proxy rewrite —
 * from Host and the X-Forwarded-* headers: with `X-Forwarded-Proto: https` a rewrite to its own
 * variant route became an https:// URL it then proxied over TLS to its plain port (EPROTO, 500).
 * Canonical URLs and absolute links come from NEXT_PUBLIC_SITE_URL, never from these headers.
 *
 * Out of Next: nothing may name Next's internal address or its internal routes.
 */

/** Hop-by-hop headers: about one connection, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate'])
/** Headers a client (or a proxy in front) sets to tell a server about itself: never passed to Next. */
const CLIENT_FORWARDING = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'x-forwarded-ssl', 'x-forwarded-scheme', 'x-real-ip', 'x-url-scheme', 'front-end-https'])
/**
 * Next's own internal request headers (middleware sub-requests, route matches, invoke paths): a
 * client sending them could steer Next's routing (CVE-2025-29927 was one such header).
 */
const NEXT_INTERNAL = /^x-(?:middleware-|nextjs-|invoke-|now-route-matches$|next-)/
/** Response headers that name Next's internal address or routes. */
const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite', 'x-middleware-next', 'x-middleware-redirect', 'x-invoke-path', 'x-invoke-query', 'x-matched-path', 'x-personalized-inputs']

export interface EdgeOptions {
  /** Next's loopback address, as Next itself knows it. */
  upstream: { host: string; port: number }
  /**
   * Addresses of reverse proxies in front of this server (e.g. nginx on 127.0.0.1). Only a request
   * arriving from one of them has its X-Forwarded-For believed, for the client's address.
   */
  trustedProxies?: ReadonlySet<string>
}

/** The client's address: the socket's, or, behind a trusted proxy, the last address it added. */
export function clientAddress(request: IncomingMessage, trustedProxies: ReadonlySet<string> = new Set()): string {
  const peer = normalizeAddress(request.socket.remoteAddress ?? '')
  if (!trustedProxies.has(peer)) return peer
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => normalizeAddress(part.trim()))
    .filter((part) => isIP(part) !== 0)
  return forwarded.at(-1) ?? peer
}

function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/** The headers Next receives for a request: the client's, less forwarding and internal ones. */
export function upstreamRequestHeaders(request: IncomingMessage, { upstream, trustedProxies }: EdgeOptions): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (HOP_BY_HOP.has(name) || CLIENT_FORWARDING.has(name) || NEXT_INTERNAL.test(name)) continue
    headers[name] = value
  }
  headers.host = `${upstream.host}:${upstream.port}`
  headers['x-forwarded-proto'] = 'http'
  headers['x-forwarded-host'] = headers.host
  headers['x-forwarded-port'] = String(upstream.port)
  headers['x-forwarded-for'] = clientAddress(request, trustedProxies)
  return headers
}

/** Next's response headers as sent to a client: no hop-by-hop header, nothing internal. */
export function clientResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) result[name] = value
  for (const name of INTERNAL_RESPONSE_HEADERS) delete result[name]
  const location = result.location
  if (typeof location === 'string') result.location = withoutInternalOrigin(location)
  return result
}

/** An absolute Location naming a loopback origin keeps only its path: the browser stays on the site. */
function withoutInternalOrigin(location: string): string {
  if (!/^https?:\/\//i.test(location)) return location
  try {
    const url = new URL(location)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const internal = host === 'localhost' || host === '0.0.0.0' || host === '::1' || /^127\./.test(host)
    return internal ? `${url.pathname}${url.search}${url.hash}` : location
  } catch {
    return location
  }
}
