import { childSitemapUrl, getSitemaps } from '@/content/sitemaps'
import { latest, sitemapIndexXml, urlsetXml } from '@/lib/sitemapIndex'

/**
 * /sitemap.xml from the content: the indexable pages, or, with service-area pages on, the index of the child
 * sitemaps (web/app/sitemaps/[name]). A route rather than app/sitemap.ts: Next writes no sitemap index. Made at
 * build and kept; a publish refreshes it by its content tags, as it did app/sitemap.ts.
 */
export const dynamic = 'force-static'

export async function GET() {
  const sitemaps = await getSitemaps()
  const xml = sitemaps.index
    ? sitemapIndexXml(sitemaps.children.map((child) => ({ url: childSitemapUrl(child.name), lastModified: latest(child.entries) })))
    : urlsetXml(sitemaps.entries)
  return new Response(xml, { headers: { 'content-type': 'application/xml', 'cache-control': 'public, max-age=0, must-revalidate' } })
}
