import type { EdgeConfig } from '@/lib/config'
import { edgeCacheControl, plainPageCacheControl, PURGED_SHARED_TTL_SECONDS, surrogateKeyHeaders, type EdgePolicy } from '@/lib/edgeCache/headers'
import { TAGS } from './loaders'
import { homeSlug } from './routing'

/**
 * The content tags an answer was built from, which shared caches keep as its surrogate keys and the
 * publish webhook purges (tagsFor in revalidation.ts names the same tags): a routed page reads Site
 * settings, the pests and FAQs its blocks show, and its own document; the not-found page reads Site
 * settings and the list of addresses. A plain page never carries `routes`, which every page publish
 * touches, so publishing one page leaves the others cached.
 */
export function pageTags(slug: string | undefined): string[] {
  // Unknown slug (the home page before Site settings could be read): the list of addresses stands in.
  return [TAGS.settings, TAGS.pests, TAGS.faqs, slug ? TAGS.slug(slug) : TAGS.routes]
}

export const NOT_FOUND_TAGS: readonly string[] = [TAGS.settings, TAGS.routes]

/**
 * A service-area page (`/{pest page}/{state}[/{place}]`, which the request hook let through) is its pest page
 * plus the providers and notes (`serviceArea`); undefined for any other address.
 */
export function areaTags(pathname: string): string[] | undefined {
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length !== 2 && segments.length !== 3) return undefined
  let slug = segments[0]!
  try {
    slug = decodeURIComponent(slug)
  } catch {
    // Kept as sent: the tag then matches nothing, and the page is still purged by `serviceArea`.
  }
  return [...pageTags(slug), TAGS.serviceArea]
}

/** Next's draft-mode cookies: the Studio's preview, answered privately by Next itself. */
const DRAFT_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/

/**
 * Carries a variant's shared-cache headers from the request hook's first pass to its second: Next renders a
 * rewrite as a request of its own, and only the hook's answer to that request keeps its Cache-Control
 * (Next writes its own over the first pass's). The hook trusts it only with its per-process variant token.
 */
export const EDGE_HEADERS = 'x-edge-headers'

/**
 * What a shared cache (nginx, Varnish, a CDN) may do with an answer, on every host (Next keeps a
 * Cache-Control the hook set on the answer it renders; it sets its own only on errors and draft-mode pages):
 * - one that sets a cookie or that the visitor's cookies shaped is private, for targeted fields too;
 * - any other is the same for everyone: shared briefly by any cache that reads only Cache-Control
 *   (nginx, Varnish's built-in rules), and until a publish purges its content tags by the caches a
 *   publish purges (`Surrogate-Control` for Varnish's shipped VCL and Fastly, `Cloudflare-CDN-Cache-Control`).
 */
export function sharedCacheHeaders(facts: { setsCookie: boolean; visitorShaped: boolean; tags: readonly string[] }, edge: EdgeConfig): Record<string, string> {
  const policy: EdgePolicy = { shortTtlSeconds: edge.shortTtlSeconds }
  if (facts.setsCookie || facts.visitorShaped) {
    return { 'cache-control': edgeCacheControl({ cacheControl: undefined, ...facts }, policy)!, 'cdn-cache-control': 'no-store', 'surrogate-control': 'no-store' }
  }
  const longLived = `max-age=${PURGED_SHARED_TTL_SECONDS}`
  return {
    // Cache-Control itself always carries the short lifetime: it is what caches that cannot be purged read.
    'cache-control': plainPageCacheControl(policy),
    ...surrogateKeyHeaders(facts.tags),
    ...(edge.varnish.length > 0 || edge.fastly ? { 'surrogate-control': longLived } : {}),
    ...(edge.cloudflare ? { 'cloudflare-cdn-cache-control': longLived } : {}),
  }
}

/** Marks an answer the request hook gives for a page (not a variant's second pass: applyEdgeHeaders does that). */
export async function markForSharedCaches(request: { method: string; nextUrl: URL; headers: Headers }, response: { headers: Headers }, edge: EdgeConfig): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  if (DRAFT_COOKIES.test(request.headers.get('cookie') ?? '')) return
  const { pathname } = request.nextUrl
  const rewrite = response.headers.get('x-middleware-rewrite') ?? ''
  if (pathname.startsWith('/personalized/') && !rewrite) return
  const notFound = pathname === '/_not-found' || rewrite.endsWith('/_not-found')
  const facts = {
    setsCookie: response.headers.has('set-cookie'),
    visitorShaped: response.headers.get('cdn-cache-control') === 'no-store',
    tags: notFound ? NOT_FOUND_TAGS : areaTags(pathname) ?? pageTags(await slugAt(pathname)),
  }
  for (const [name, value] of Object.entries(sharedCacheHeaders(facts, edge))) response.headers.set(name, value)
}

/** On a variant's second pass: the headers its first pass decided (EDGE_HEADERS). */
export function applyEdgeHeaders(response: { headers: Headers }, carried: string | null): void {
  if (!carried) return
  try {
    for (const [name, value] of Object.entries(JSON.parse(carried) as Record<string, unknown>)) if (typeof value === 'string') response.headers.set(name, value)
  } catch {
    // Only the hook's own first pass sets it, with the token: nothing else to read.
  }
}

async function slugAt(pathname: string): Promise<string | undefined> {
  if (pathname === '/') return homeSlug()
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length !== 1) return undefined
  try {
    return decodeURIComponent(segments[0]!)
  } catch {
    return segments[0]
  }
}
