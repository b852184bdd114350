import { getAddressSlugs } from './loaders'

/**
 * The addresses content exists at, for the proxy: it answers unknown paths with the prebuilt
 * not-found page (fully rendered HTML, status 404) and logs them. Refreshed every
 * ROUTES_TTL_MS, so a page published in the Studio is reachable within that time; if the
 * Content Lake cannot be reached, the last known list is kept.
 */
const ROUTES_TTL_MS = 30_000

let known: { slugs: Set<string>; expires: number } | undefined
let refreshing: Promise<void> | undefined

async function refresh() {
  try {
    known = { slugs: new Set(await getAddressSlugs()), expires: Date.now() + ROUTES_TTL_MS }
  } catch (error) {
    console.warn(`[routes] could not refresh the list of pages: ${(error as Error).message}`)
    if (known) known.expires = Date.now() + ROUTES_TTL_MS
  } finally {
    refreshing = undefined
  }
}

/** true / false when known; undefined when no list could ever be loaded (then the page route decides). */
export async function isKnownSlug(slug: string): Promise<boolean | undefined> {
  if (!known) await (refreshing ??= refresh())
  else if (known.expires < Date.now()) refreshing ??= refresh()
  return known ? known.slugs.has(slug) : undefined
}
