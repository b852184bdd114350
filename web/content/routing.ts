import { LRUCache } from 'lru-cache'
import { serverConfig } from '@/lib/config'
import type { PersonalizedRoute } from '@/lib/personalization/variant'
import { getAddressSlugs, getSettings } from './loaders'
import { getPersonalizedRoutes } from './personalized'
import { getDirectory } from './serviceArea'

/**
 * What the proxy knows about addresses, from the content: the addresses content exists at (it
 * answers unknown paths with the prebuilt not-found page, fully rendered HTML, status 404, and logs
 * them) and the pages that read ad inputs. A publish reloads them (forgetRouteLists, from the
 * webhook); otherwise each list is refreshed every CONTENT_REFRESH_SECONDS (default 30) in the
 * background (the last list answers meanwhile), so a page published in the Studio is reachable,
 * and personalized, within that time; if the Content Lake cannot be reached, the last known list
 * is kept for another period.
 */

/**
 * Every list of this process, so a publish webhook can drop them at once (forgetRouteLists). On
 * globalThis because Next loads the proxy and the route handlers as separate bundles, each with its
 * own copy of this module.
 */
const LISTS = Symbol.for('pest-site.routeLists')
function registry(): Set<() => Promise<unknown>> {
  const global = globalThis as unknown as Record<symbol, Set<() => Promise<unknown>> | undefined>
  return (global[LISTS] ??= new Set())
}

/**
 * After a publish: every list reloads now (the publish expired its cache tag, so the reload reads the
 * new content); the webhook answers once they are reloaded, so a test started or ended applies from the
 * first request after the publish. If the reload fails, the last list stays: a failing Content Lake never
 * empties what the proxy knows.
 */
export async function forgetRouteLists(): Promise<void> {
  await Promise.allSettled([...registry()].map((refresh) => refresh()))
}

function refreshedList<T extends object>(what: string, load: () => Promise<T>) {
  const cache = new LRUCache<'list', T>({
    max: 1,
    ttl: serverConfig().contentRefreshSeconds * 1000,
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
  registry().add(() => cache.fetch('list', { forceRefresh: true }))
  return () => cache.fetch('list')
}

const addressSlugs = refreshedList('pages', async () => new Set(await getAddressSlugs()))
const homePage = refreshedList('home page', async () => ({ slug: (await getSettings()).homeSlug ?? undefined }))
const serviceAreas = refreshedList('service-area pages', async () => ({ directory: await getDirectory() }))
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

/** The home page's slug (Site settings), when it could be read. */
export async function homeSlug(): Promise<string | undefined> {
  return (await homePage())?.slug
}

/**
 * Whether `/{pest page}/{state}[/{place}]` is a service-area page (they are on in Site settings and a provider
 * serves the place); undefined when the list could never be loaded (then the page route decides).
 */
export async function isServiceAreaPath(segments: readonly string[]): Promise<boolean | undefined> {
  const known = await serviceAreas()
  if (!known) return undefined
  return known.directory?.resolve(segments) != null
}
