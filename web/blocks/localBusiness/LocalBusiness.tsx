import { ServiceJsonLd } from '@/components/ServiceJsonLd'
import type { BlockProps } from '../types'

/**
 * “Service details for search engines” (the block type keeps its stored name, localBusiness): the page's
 * schema.org Service with the editor's description, area and rating. Never a LocalBusiness: the site is a
 * referral service with no address of its own. A page without this section gets the same Service from
 * RoutedPage. Renders nothing visible.
 */
export function LocalBusiness({ block, context }: BlockProps<'localBusiness'>) {
  const rating = block.ratingValue && block.reviewCount ? { value: block.ratingValue, count: block.reviewCount } : null
  return <ServiceJsonLd site={context.site} place={context.location} details={{ description: block.description, areaServed: block.areaServed, rating }} />
}
