import { getSitemaps } from '@/content/sitemaps'
import { urlsetXml } from '@/lib/sitemapIndex'

/** One child sitemap of /sitemap.xml's index (pages, pest pages, states, places); not-found when there is none of that name. */
export const dynamic = 'force-static'
export const dynamicParams = true

export async function generateStaticParams() {
  const sitemaps = await getSitemaps()
  return sitemaps.index ? sitemaps.children.map((child) => ({ name: child.name })) : []
}

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params
  const sitemaps = await getSitemaps()
  const child = sitemaps.index ? sitemaps.children.find((candidate) => candidate.name === name) : undefined
  if (!child) return new Response('Not found.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return new Response(urlsetXml(child.entries), { headers: { 'content-type': 'application/xml', 'cache-control': 'public, max-age=0, must-revalidate' } })
}
