import type { OutgoingHttpHeaders } from 'node:http'
import { SETS_COOKIE_CACHE_CONTROL, STALE_CACHE_CONTROL } from '../lib/edgeCache/headers.ts'

/**
 * The front's last word on what a shared cache (nginx, Varnish, a CDN) may keep of an answer; the request
 * hook has marked Next's answers already (web/content/edgeKeys.ts), on every host:
 * - whatever sets a cookie is this visitor's alone, whoever set it;
 * - an old page Next serves once while it renders the new one (`x-nextjs-cache: STALE`, after a publish)
 *   is kept by no shared cache, so a cache purged by the publish is not filled again with the old page.
 */
export function forSharedCaches(headers: OutgoingHttpHeaders): void {
  if (headers['set-cookie'] !== undefined) {
    headers['cache-control'] = SETS_COOKIE_CACHE_CONTROL
    keepFromTargetedCaches(headers)
  } else if (String(headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE') {
    headers['cache-control'] = STALE_CACHE_CONTROL
    keepFromTargetedCaches(headers)
  }
}

/** The fields CDNs and Varnish read before Cache-Control (RFC 9213, Surrogate-Control) say the same. */
function keepFromTargetedCaches(headers: OutgoingHttpHeaders) {
  headers['cdn-cache-control'] = 'no-store'
  headers['surrogate-control'] = 'no-store'
  delete headers['cloudflare-cdn-cache-control']
}
