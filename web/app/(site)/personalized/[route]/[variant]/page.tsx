import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { RoutedPage } from '@/content/RoutedPage'
import { baseBlockContext } from '@/content/blockContext'
import { documentMetadata, getRoute } from '@/content/loaders'
import { personalizedRouteById } from '@/content/personalized'
import { decodeVariant, encodeVariant, variantContext } from '@/lib/personalization/variant'

/**
 * A personalized variant of an ad landing page, reached only through the proxy's rewrite. Each
 * variant is rendered on its first request and then served from the cache like any static page;
 * it refreshes with the same tags as the plain page when an editor publishes.
 */
type Props = { params: Promise<{ route: string; variant: string }> }

export const dynamicParams = true

export function generateStaticParams() {
  return []
}

async function resolve(params: Props['params']) {
  const { route: routeId, variant: segment } = await params
  const route = await personalizedRouteById(routeId)
  const variant = decodeVariant(segment)
  if (!route || !variant) return null
  // Only a number of the current rules (a rule removed since is not shown from an old address).
  if (variant.trackingNumber && !route.trackingNumbers?.some((rule) => rule.phone === variant.trackingNumber)) return null
  const doc = await getRoute(route.id)
  return doc ? { doc, variant, routeId, path: route.path } : null
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const resolved = await resolve(params)
  // The canonical address of every variant is the plain page.
  return resolved ? documentMetadata(resolved.doc, resolved.path, resolved.variant.trackingNumber) : {}
}

export default async function PersonalizedPage({ params }: Props) {
  const [resolved, context] = await Promise.all([resolve(params), baseBlockContext()])
  if (!resolved) notFound()
  const { doc, variant, routeId } = resolved
  return (
    <RoutedPage
      doc={doc}
      variant={routeId}
      variantKey={encodeVariant(variant)}
      context={{ ...context, ...variantContext(variant) }}
    />
  )
}
