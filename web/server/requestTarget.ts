import { timingSafeEqual } from 'node:crypto'

/**
 * Odd requests, checked before anything else reads the target, so each gets a 4xx (or a redirect) with
 * the security headers instead of reaching Next (which may echo the target into a Location, or throw on it).
 * The front answers a browser's odd request with the site's not-found page under that status.
 * - absolute-form (`GET http://evil.example/studio HTTP/1.1`, what proxies receive): reduced to its
 *   path and query; the host in it is never used, so no Location can point off-site;
 * - a path starting with several slashes (`//ants`, `///`): a 308 to the same path with one slash
 *   (`/ants`, `/`); a `//…` Location would be read by a browser as another host, so it is never sent;
 * - `*` (OPTIONS' asterisk-form), authority-form, anything not starting with `/`, or holding
 *   a backslash (browsers read `/\evil.example` as `//evil.example`): 400;
 * - an HTTP/1.1 request without Host (RFC 9112 §3.2): 400;
 * - a path longer than MAX_PATH_LENGTH: 414. No page has one, and Next repeats a path in its redirects'
 *   headers. (A long query, e.g. a 10 KB keyword, is read and capped; the whole request head is
 *   bounded by the HTTP server's header limit: 431.)
 */
export const MAX_PATH_LENGTH = 4096

export type TargetVerdict =
  | { ok: true; target: string }
  | { ok: false; status: 400 | 414; message: string }
  | { ok: false; status: 308; location: string }

export function checkRequestTarget(raw: string | undefined, { httpVersion, host }: { httpVersion: string; host: string | undefined }): TargetVerdict {
  if (httpVersion === '1.1' && !host?.trim()) return { ok: false, status: 400, message: 'A Host header is required.' }
  if (!raw) return { ok: false, status: 400, message: 'Bad request target.' }
  let target = raw
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    if (!/^https?:\/\//i.test(raw)) return { ok: false, status: 400, message: 'Bad request target.' }
    try {
      const url = new URL(raw)
      target = `${url.pathname}${url.search}`
    } catch {
      return { ok: false, status: 400, message: 'Bad request target.' }
    }
  }
  const path = target.split('?', 1)[0]!
  if (!path.startsWith('/') || path.includes('\\')) return { ok: false, status: 400, message: 'Bad request target.' }
  if (path.length > MAX_PATH_LENGTH) return { ok: false, status: 414, message: 'Address too long.' }
  if (path.startsWith('//')) return { ok: false, status: 308, location: `/${target.replace(/^\/+/, '')}` }
  return { ok: true, target }
}

const DRAFT_COOKIE = /(?:^|;\s*)__prerender_bypass=([^;]*)/
const PREVIEW_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=[^;]*/g

/**
 * A draft (preview) session is exactly what Next itself accepts: the `__prerender_bypass` cookie equal
 * to this build's previewModeId (.next/prerender-manifest.json). Anything else is an ordinary visitor.
 */
export function draftSessionCheck(previewModeId: string): (cookieHeader: string) => boolean {
  const expected = Buffer.from(previewModeId, 'utf8')
  return (cookieHeader) => {
    const value = DRAFT_COOKIE.exec(cookieHeader)?.[1]
    if (value === undefined || !previewModeId) return false
    const given = Buffer.from(value.trim(), 'utf8')
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}

/** The cookie header without preview cookies (an invalid one is not passed on to Next). */
export function withoutPreviewCookies(cookieHeader: string): string {
  return cookieHeader.replace(PREVIEW_COOKIES, '').replace(/^[;\s]+/, '').trim()
}
