// What a request is to the front (a page, a client navigation, the Studio, a draft session's) and which routes take a body.
import type { IncomingMessage } from 'node:http'
import Negotiator from 'negotiator'
import { withoutPreviewCookies } from './requestTarget.ts'
import { isStudioPath as isStudio } from '../lib/studioPath.ts'
import { PORTAL_FORMS } from '../lib/portal/paths.ts'

export { isStudio }

export const REVALIDATE_WEBHOOK = '/api/revalidate'
export const DEFAULT_BODY_LIMITS: Readonly<Record<string, number>> = {
  [REVALIDATE_WEBHOOK]: 1024 * 1024,
  '/api/calls': 4 * 1024,
  // Twilio's voice webhooks (a form of a few dozen parameters) and a page asking for its pool number.
  '/api/voice/incoming': 16 * 1024,
  '/api/voice/status': 16 * 1024,
  // Twilio's callbacks about a recorded call: the recording is ready, a transcript segment (a few hundred words at most).
  '/api/voice/recording': 16 * 1024,
  '/api/voice/transcription': 32 * 1024,
  '/api/voice/whisper': 16 * 1024,
  // Twilio's incoming-message webhook (a caller's STOP): the message's parameters, a text of up to 1,600 characters.
  '/api/sms/incoming': 16 * 1024,
  '/api/voice/lease': 2 * 1024,
  // The Calls tool setting a call's outcome by hand.
  '/api/calls/outcome': 1024,
  // The provider portal's forms (Better Auth endpoints, web/lib/portal/forms.ts); the Studio's dispute decisions and invites.
  ...Object.fromEntries(PORTAL_FORMS.map((form) => [`/portal/auth/provider/${form}`, form === 'dispute' ? 8 * 1024 : 2 * 1024])),
  '/api/calls/disputes': 4 * 1024,
  '/api/providers/invite': 1024,
}
/** A tap's body (under 1 KB, sent at once by the browser) is whole within 2 s. */
export const DEFAULT_BODY_DEADLINES: Readonly<Record<string, number>> = { '/api/calls': 2_000 }
/**
 * A Next server action posted from a page in draft mode (the Presentation tool's preview, next-sanity):
 * let through to Next with its body bounded, never cached. Without the draft cookie a page stays GET/HEAD.
 */
export const DRAFT_ACTION_BODY_LIMIT = 64 * 1024
/** Next's prebuilt not-found page (app/global-not-found.tsx; the proxy lets this address through). */
export const NOT_FOUND_PAGE = '/_not-found'

/** Next's client navigations and prefetches: they vary on these headers and are not pages. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action']
/** Draft mode (the Studio's preview) is per editor: never cached. */
const DRAFT_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/

/** Whether a Cookie header carries a draft-mode (preview) cookie. */
export function hasDraftCookie(cookie: string | undefined): boolean {
  return DRAFT_COOKIES.test(cookie ?? '')
}

/** A preview cookie that is not a draft session Next accepts is dropped: an ordinary visitor. */
export function dropInvalidPreviewCookies(request: IncomingMessage, isDraftSession: ((cookieHeader: string) => boolean) | undefined) {
  const cookie = request.headers.cookie
  if (!isDraftSession || !cookie || !DRAFT_COOKIES.test(cookie) || isDraftSession(cookie)) return
  const rest = withoutPreviewCookies(cookie)
  if (rest) request.headers.cookie = rest
  else delete request.headers.cookie
}

/** A Cookie header with these Set-Cookie values in it, replacing any of the same name. */
export function withCookies(header: string | undefined, setCookies: readonly string[]): string {
  const pairs = setCookies.map((cookie) => cookie.split(';')[0]!.trim())
  const names = new Set(pairs.map((pair) => pair.slice(0, pair.indexOf('='))))
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !names.has(part.slice(0, part.indexOf('=')).trim()))
  return [...kept, ...pairs].join('; ')
}

export function parseUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://site.invalid')
  } catch {
    return null
  }
}

export function originHost(origin: string | undefined): string | null {
  try {
    return origin ? new URL(origin).host : null
  } catch {
    return null
  }
}

/** A browser's navigation: text/html preferred over plain text (a tool's "any type" Accept is not). */
export function acceptsHtml(accept: string | undefined): boolean {
  return new Negotiator({ headers: { accept } }).mediaType(['text/plain', 'text/html']) === 'text/html'
}

export function isPageRequest(request: IncomingMessage, url: URL): boolean {
  const path = url.pathname
  if (path.startsWith('/_next/') || path.startsWith('/api/') || isStudio(path)) return false
  // Files (icon.svg, robots.txt, illustrations) are not pages.
  if (/\.[A-Za-z0-9]+$/.test(path) || url.searchParams.has('_rsc')) return false
  if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  return !DRAFT_COOKIES.test(request.headers.cookie ?? '')
}

/** A client navigation or prefetch of a page (Next's router headers or _rsc), not a draft session's. */
export function isRouterRequest(request: IncomingMessage, url: URL): boolean {
  const path = url.pathname
  if (path.startsWith('/_next/') || path.startsWith('/api/') || isStudio(path) || /\.[A-Za-z0-9]+$/.test(path)) return false
  if (DRAFT_COOKIES.test(request.headers.cookie ?? '')) return false
  return url.searchParams.has('_rsc') || ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)
}
