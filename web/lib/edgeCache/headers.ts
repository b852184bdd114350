import { VISITOR_COPY_CACHE_CONTROL } from '../personalization/visit.ts'

/**
 * What a shared cache in front of the site (nginx proxy_cache, Varnish, a CDN) may do with an answer, by
 * the rules of a cache that reads only Cache-Control (RFC 9111), and which content it was built from.
 * One policy for both hosts: Next's request hook (web/proxy.ts) applies it under plain `next start`, the
 * front (web/server/front.ts) to every answer it sends under `npm start`. docs/shared-caches.md.
 */

/** An answer that sets a cookie: this visitor's only, stored by no one. */
export const SETS_COOKIE_CACHE_CONTROL = 'private, no-store'
/** An answer the visitor's own cookies shaped (a kept A/B version or campaign): stored by no shared cache. */
export const VISITOR_SHAPED_CACHE_CONTROL = VISITOR_COPY_CACHE_CONTROL
/** An old page Next serves while it renders the new one (after a publish): a shared cache must not keep it. */
export const STALE_CACHE_CONTROL = 'public, max-age=0, s-maxage=0'
/** How long a cache that a publish purges by key may keep a plain page (Surrogate-Control, Cloudflare-CDN-Cache-Control). */
export const PURGED_SHARED_TTL_SECONDS = 31_536_000
/** How long a shared cache may answer with an expired copy while it fetches the new one in the background. */
export const STALE_WHILE_REVALIDATE_SECONDS = 30

export interface EdgePolicy {
  /**
   * How long any cache that reads only Cache-Control may share a plain page, so a publish shows within it
   * (nginx, Varnish's built-in rules); caches a publish purges read their longer lifetime from other fields.
   */
  shortTtlSeconds: number
}

export interface AnswerFacts {
  /** Cache-Control as Next wrote it. */
  cacheControl: string | undefined
  setsCookie: boolean
  /** The visitor's own cookies shaped it (the request hook marks such answers). */
  visitorShaped: boolean
  /** Next served an old copy and renders the new one in the background (`x-nextjs-cache: STALE`). */
  stale?: boolean
}

/** The shared-cache lifetime of a page that is the same for everyone. */
export function plainPageCacheControl(policy: EdgePolicy): string {
  return `public, max-age=0, s-maxage=${policy.shortTtlSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
}

/**
 * Cache-Control as the answer leaves the site. Only an answer Next marked storable by shared caches
 * (`s-maxage`) is shared, with the policy's lifetime; one that sets or was shaped by a cookie never is.
 * Anything else (no-store API answers, assets with their own max-age) is left as Next wrote it.
 */
export function edgeCacheControl(facts: AnswerFacts, policy: EdgePolicy): string | undefined {
  if (facts.setsCookie) return SETS_COOKIE_CACHE_CONTROL
  if (facts.visitorShaped) return VISITOR_SHAPED_CACHE_CONTROL
  const current = facts.cacheControl
  if (!current || !/\bs-maxage=\d+/i.test(current) || /\b(?:private|no-store)\b/i.test(current)) return current
  if (facts.stale) return STALE_CACHE_CONTROL
  return plainPageCacheControl(policy)
}

/** A page's content tags as surrogate keys: `Surrogate-Key` (Varnish, Fastly: space-separated), `Cache-Tag` (Cloudflare: comma-separated). */
export function surrogateKeyHeaders(tags: readonly string[]): { 'surrogate-key': string; 'cache-tag': string } {
  const keys = tags.filter(isSurrogateKey)
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') }
}

/** A key every cache takes as one token: no separator, no space, nothing a VCL regex would read as syntax. */
export function isSurrogateKey(key: string): boolean {
  return /^[A-Za-z0-9_:-]{1,200}$/.test(key)
}
