import type { MetadataRoute } from 'next'
import { getSettings, TAGS } from '@/content/loaders'
import { siteUrl } from '@/lib/site'
import { fetchContent } from '@/lib/sanity/fetch'
import { sitemapQuery } from '@/content/queries'
import { sitemapEntries } from '@/lib/sitemap'

/** /sitemap.xml from the content: a page published in the Studio appears once its tags revalidate. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [docs, site] = await Promise.all([fetchContent(sitemapQuery, {}, [TAGS.routes]), getSettings()])
  return sitemapEntries(docs, site.homeSlug, siteUrl())
}
