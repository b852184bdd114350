import { LRUCache } from 'lru-cache'
import type { PersonalizedRoute } from '@/lib/personalization/variant'
import { getAddressSlugs } from './loaders'
import { getPersonalizedRoutes } from './personalized'

/**
 * What the proxy knows about addresses, from the content: the addresses content exists at (it
 * answers unknown paths with the prebuilt not-found page, fully rendered HTML, status 404, and logs
 * them) and the pages that read ad inputs. Each list is refreshed every ROUTES_TTL_MS in the
 * background (the last list answers meanwhile), so a page published in the Studio is reachable,
 * and personalized, within that time; if the Content Lake cannot be reached, the last known list
 * is kept for another period.
 */
const ROUTES_TTL_MS = 30_000

function refreshedList<T extends object>(what: string, load: () => Promise<T>) {
  const cache = new LRUCache<'list', T>({
    max: 1,
    ttl: ROUTES_TTL_MS,
    allowStale: true,
    fetchMethod: async (_key, stale) => {
      try {
        return await load()
      } catch (error) {
        console.warn(`[routes] could not refresh the list of ${what}: ${(error as Error).message}`)
        return stale
      }
    },
  })
  return () => cache.fetch('list')
}

const addressSlugs = refreshedList('pages', async () => new Set(await getAddressSlugs()))
const personalizedPaths = refreshedList('personalized pages', async () => new Map((await getPersonalizedRoutes()).map((route) => [route.path, route])))

/** true / false when known; undefined when no list could ever be loaded (then the page route decides). */
export async function isKnownSlug(slug: string): Promise<boolean | undefined> {
  const slugs = await addressSlugs()
  return slugs ? slugs.has(slug) : undefined
}

/** The page at this address that reads ad inputs, if it is one. */
export async function personalizedRouteAt(path: string): Promise<PersonalizedRoute | undefined> {
  return (await personalizedPaths())?.get(path)
}
