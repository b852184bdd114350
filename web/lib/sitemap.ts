import type { MetadataRoute } from 'next'

export interface SitemapDocument {
  slug: string
  _updatedAt: string
  robots: string | null
}

/**
 * The sitemap of the routed documents: every indexable one at its absolute address (the home page
 * at "/", never at its own slug), none marked noindex, each dated by its last edit.
 */
export function sitemapEntries(docs: readonly SitemapDocument[], homeSlug: string | null, base: URL): MetadataRoute.Sitemap {
  return docs
    .filter((doc) => !(doc.robots ?? '').replace(/\s/g, '').startsWith('noindex'))
    .map((doc) => ({ path: doc.slug === homeSlug ? '/' : `/${doc.slug}`, doc }))
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)))
    .map(({ path, doc }) => ({ url: new URL(path, base).toString(), lastModified: doc._updatedAt }))
}
