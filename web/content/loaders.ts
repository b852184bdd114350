import type { Metadata } from 'next'
import { cache } from 'react'
import { fetchContent } from '@/lib/sanity/fetch'
import { pestsQuery, routeQuery, routeSlugsQuery, settingsQuery } from './queries'
import { fillPhone, type SiteSettings } from '@/lib/site'
import { withTrackingNumber } from '@/lib/trackingNumbers/trackingNumber'

/**
 * Content loaders shared by the route files. Each is memoized per request (React cache), and each
 * Content Lake fetch carries the tags the publish webhook revalidates (lib/revalidation.ts):
 *   siteSettings → every page, pest → pages showing pest photos, faq → pages with FAQs,
 *   slug:<slug> → that page, routes → the list of addresses, serviceArea → the service-area pages (providers,
 *   place and state notes).
 */
export const TAGS = {
  settings: 'siteSettings',
  pests: 'pest',
  faqs: 'faq',
  routes: 'routes',
  serviceArea: 'serviceArea',
  slug: (slug: string) => `slug:${slug}`,
} as const

export const getSettings = cache(async (): Promise<SiteSettings> => {
  const settings = await fetchContent(settingsQuery, {}, [TAGS.settings])
  if (!settings) throw new Error('Site settings are missing: publish the “Site settings” document in the Studio.')
  return settings
})

export const getPests = cache(() => fetchContent(pestsQuery, {}, [TAGS.pests]))

export const getRoute = cache((slug: string) =>
  fetchContent(routeQuery, { slug }, [TAGS.slug(slug), TAGS.pests, TAGS.faqs]),
)

/** Every routed document's slug, the home page's too. */
export const getRouteSlugs = cache(() => fetchContent(routeSlugsQuery, {}, [TAGS.routes]))

/** The slugs that are addresses of their own: every routed document but the home page, which lives at "/" only. */
export const getAddressSlugs = cache(async () => {
  const [slugs, site] = await Promise.all([getRouteSlugs(), getSettings()])
  return slugs.filter((slug) => slug !== site.homeSlug)
})

export type RoutedDocument = NonNullable<Awaited<ReturnType<typeof getRoute>>>


/** Title, description ({phone} filled from Site settings, or the visit's tracking number), keywords, robots and canonical address of a routed document. */
export async function documentMetadata(doc: RoutedDocument, path: string, trackingNumber?: string): Promise<Metadata> {
  const seo = { ...doc.seo, description: fillPhone(doc.seo.description, withTrackingNumber(await getSettings(), trackingNumber ?? null)) }
  const [index, follow] = seo.robots.split(',')
  return {
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords ?? undefined,
    robots: { index: index === 'index', follow: follow === 'follow' },
    alternates: { canonical: path },
    openGraph: { title: seo.title, description: seo.description, url: path, type: 'website' },
  }
}
