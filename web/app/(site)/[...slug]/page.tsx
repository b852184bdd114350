import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { RoutedPage } from '@/content/RoutedPage'
import { ServiceAreaPage, serviceAreaMetadata } from '@/content/ServiceAreaPage'
import { baseBlockContext } from '@/content/blockContext'
import { documentMetadata, getAddressSlugs, getRoute, getSettings } from '@/content/loaders'
import { areaStaticPaths, getAreaPage } from '@/content/serviceArea'

type Props = { params: Promise<{ slug: string[] }> }

/**
 * Every address is one segment; with service-area pages on (Site settings), `/{pest page}/{state}` and
 * `/{pest page}/{state}/{place}` too. Deeper paths and unknown slugs are not-found.
 */
async function resolve(segments: string[]) {
  if (segments.length === 2 || segments.length === 3) {
    const page = await getAreaPage(segments.join('/'))
    return page ? ({ kind: 'area', page } as const) : null
  }
  const [slug] = segments
  if (segments.length !== 1 || !slug) return null
  const site = await getSettings()
  // The home page is served at "/" only.
  if (slug === site.homeSlug) return null
  const doc = await getRoute(slug)
  return doc ? ({ kind: 'document', doc } as const) : null
}

/** Every page's address, and the service-area pages a build makes (the rest render on their first request and are kept). */
export async function generateStaticParams() {
  const [slugs, areas] = await Promise.all([getAddressSlugs(), areaStaticPaths()])
  return [...slugs.map((slug) => ({ slug: [slug] })), ...areas.map((slug) => ({ slug }))]
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await resolve((await params).slug)
  if (!found) return {}
  return found.kind === 'area' ? serviceAreaMetadata(found.page) : documentMetadata(found.doc, `/${found.doc.slug}`)
}

export default async function ContentPage({ params }: Props) {
  const { slug } = await params
  const [found, context] = await Promise.all([resolve(slug), baseBlockContext()])
  if (!found) {
    console.warn(`[404] no page at /${slug.map(encodeURIComponent).join('/').slice(0, 300)}`)
    notFound()
  }
  return found.kind === 'area' ? <ServiceAreaPage page={found.page} context={context} /> : <RoutedPage doc={found.doc} context={context} />
}
