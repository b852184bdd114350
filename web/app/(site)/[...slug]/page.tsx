import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { RoutedPage } from '@/content/RoutedPage'
import { baseBlockContext } from '@/content/blockContext'
import { documentMetadata, getAddressSlugs, getRoute, getSettings } from '@/content/loaders'

type Props = { params: Promise<{ slug: string[] }> }

/** Every address is one segment; deeper paths and unknown slugs are not-found. */
async function resolve(segments: string[]) {
  const [slug] = segments
  if (segments.length !== 1 || !slug) return null
  const site = await getSettings()
  // The home page is served at "/" only.
  if (slug === site.homeSlug) return null
  return getRoute(slug)
}

export async function generateStaticParams() {
  return (await getAddressSlugs()).map((slug) => ({ slug: [slug] }))
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const doc = await resolve(slug)
  return doc ? documentMetadata(doc, `/${doc.slug}`) : {}
}

export default async function ContentPage({ params }: Props) {
  const { slug } = await params
  const [doc, context] = await Promise.all([resolve(slug), baseBlockContext()])
  if (!doc) {
    console.warn(`[404] no page at /${slug.map(encodeURIComponent).join('/').slice(0, 300)}`)
    notFound()
  }
  return <RoutedPage doc={doc} context={context} />
}
