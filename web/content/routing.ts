import { LRUCache } from 'lru-cache'
import { getAddressSlugs } from './loaders'

/**
 * The addresses content exists at, for the proxy: it answers unknown paths with the prebuilt
 * not-found page (fully rendered HTML, status 404) and logs them. Refreshed every
 * ROUTES_TTL_MS in the background (the stale list answers meanwhile), so a page published in the
 * Studio is reachable within that time; if the Content Lake cannot be reached, the last known list
 * is kept for another period.
 */
const ROUTES_TTL_MS = 30_000

const known = new LRUCache<'slugs', Set<string>>({
  max: 1,
  ttl: ROUTES_TTL_MS,
  allowStale: true,
  fetchMethod: async (_key, stale) => {
    try {
      return new Set(await getAddressSlugs())
    } catch (error) {
      console.warn(`[routes] could not refresh the list of pages: ${(error as Error).message}`)
      return stale
    }
  },
})

/** true / false when known; undefined when no list could ever be loaded (then the page route decides). */
export async function isKnownSlug(slug: string): Promise<boolean | undefined> {
  const slugs = await known.fetch('slugs')
  return slugs ? slugs.has(slug) : undefined
}
