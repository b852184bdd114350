import { cache } from 'react'
import { fetchContent } from '@/lib/sanity/fetch'
import { sitemapEntries } from '@/lib/sitemap'
import { latest, splitSitemap, type SitemapEntry } from '@/lib/sitemapIndex'
import { siteUrl } from '@/lib/site'
import { getSettings, TAGS } from './loaders'
import { placeNotesQuery, sitemapQuery } from './queries'
import { getDirectory } from './serviceArea'

/**
 * What /sitemap.xml lists. Service-area pages off (Site settings): one `<urlset>` of the indexable documents, as
 * always. On: a sitemap index of child sitemaps (web/app/sitemaps/[name]): pages, pest pages, state pages and place
 * pages, each within the protocol's limits (several files of places when there are more than fit one), listing
 * exactly the indexable pages, each with its last change.
 */
export type Sitemaps = { index: false; entries: SitemapEntry[] } | { index: true; children: { name: string; entries: SitemapEntry[] }[] }

/** The documents' entries (web/lib/sitemap.ts) as plain entries. */
function documentEntries(...args: Parameters<typeof sitemapEntries>): SitemapEntry[] {
  return sitemapEntries(...args).map((entry) => ({ url: entry.url, lastModified: entry.lastModified instanceof Date ? entry.lastModified.toISOString() : entry.lastModified }))
}

export const getSitemaps = cache(async (): Promise<Sitemaps> => {
  const [docs, site, directory] = await Promise.all([fetchContent(sitemapQuery, {}, [TAGS.routes]), getSettings(), getDirectory()])
  const base = siteUrl()
  if (!directory) return { index: false, entries: documentEntries(docs, site.homeSlug, base) }
  const notes = new Map((await fetchContent(placeNotesQuery, {}, [TAGS.serviceArea])).map((note) => [note.place, note._updatedAt]))
  const noted = new Set(notes.keys())
  const states: SitemapEntry[] = []
  const places: SitemapEntry[] = []
  for (const page of directory.pestPages) {
    for (const state of directory.servedStates(page.pest!)) {
      const indexable = directory.indexablePlaces(page.pest!, state, noted)
      if (indexable.length === 0) continue
      const entries = indexable.map((place) => ({ url: new URL(directory.placePath(page.slug, place), base).toString(), lastModified: directory.lastModified(page, place, notes.get(place.code)) }))
      states.push({ url: new URL(directory.statePath(page.slug, state), base).toString(), lastModified: latest(entries) })
      places.push(...entries)
    }
  }
  const named = (prefix: string, files: SitemapEntry[][]) => files.map((entries, index) => ({ name: files.length === 1 ? `${prefix}.xml` : `${prefix}-${index + 1}.xml`, entries }))
  return {
    index: true,
    children: [
      ...named('pages', splitSitemap(documentEntries(docs.filter((doc) => doc._type !== 'pestPage'), site.homeSlug, base))),
      ...named('pest-pages', splitSitemap(documentEntries(docs.filter((doc) => doc._type === 'pestPage'), site.homeSlug, base))),
      ...named('states', splitSitemap(states)),
      ...named('places', splitSitemap(places)),
    ],
  }
})

/** The address of a child sitemap. */
export const childSitemapUrl = (name: string): string => new URL(`/sitemaps/${name}`, siteUrl()).toString()
