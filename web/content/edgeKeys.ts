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

/** Next's draft-mode cookies: the Studio's preview, answered privately by Next itself. */
const DRAFT_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/

/**
 * Marks an answer of the request hook for shared caches, on every host (Next keeps a Cache-Control the
 * hook set on a prerendered page; it sets its own only on errors and draft-mode pages):
 * - one that sets a cookie or that the visitor's cookies shaped (the hook marked it `CDN-Cache-Control:
 *   no-store`) is private;
 * - any other is the same for everyone: shared briefly by any cache that reads only Cache-Control
 *   (nginx, Varnish's built-in rules), and until a publish purges its content tags by the caches a
 *   publish purges (`Surrogate-Control` for Varnish's shipped VCL and Fastly, `Cloudflare-CDN-Cache-Control`).
 */
export async function markForSharedCaches(request: { method: string; nextUrl: URL; headers: Headers }, response: { headers: Headers }, edge: EdgeConfig): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  if (DRAFT_COOKIES.test(request.headers.get('cookie') ?? '')) return
  const { pathname } = request.nextUrl
  // The hook's own second pass of a rewrite: the first pass marked the answer.
  if (pathname === '/_not-found' || (pathname.startsWith('/personalized/') && !response.headers.get('x-middleware-rewrite'))) return
  const headers = response.headers
  const setsCookie = headers.has('set-cookie')
  const visitorShaped = headers.get('cdn-cache-control') === 'no-store'
  if (setsCookie || visitorShaped) {
    headers.set('cache-control', edgeCacheControl({ cacheControl: undefined, setsCookie, visitorShaped }, shortPolicy(edge))!)
    return
  }
  const notFound = (headers.get('x-middleware-rewrite') ?? '').endsWith('/_not-found')
  const tags = notFound ? NOT_FOUND_TAGS : pageTags(await slugAt(pathname))
  for (const [name, value] of Object.entries(surrogateKeyHeaders(tags))) headers.set(name, value)
  headers.set('cache-control', plainPageCacheControl(shortPolicy(edge)))
  const longLived = `max-age=${PURGED_SHARED_TTL_SECONDS}`
  if (edge.varnish.length > 0 || edge.fastly) headers.set('surrogate-control', longLived)
  if (edge.cloudflare) headers.set('cloudflare-cdn-cache-control', longLived)
}

/** Cache-Control itself always carries the short lifetime: it is what caches that cannot be purged read. */
function shortPolicy(edge: EdgeConfig): EdgePolicy {
  return { purging: false, shortTtlSeconds: edge.shortTtlSeconds }
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
