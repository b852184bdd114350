import { JsonLd } from '@/components/JsonLd'
import { siteUrl } from '@/lib/site'
import type { BlockProps } from '../types'

/** schema.org LocalBusiness for search engines; name and phone come from Site settings. Renders nothing visible. */
export function LocalBusiness({ block, context }: BlockProps<'localBusiness'>) {
  const { site } = context
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: site.brandName,
        telephone: site.phone,
        url: siteUrl().toString(),
        ...(block.description ? { description: block.description } : {}),
        ...(block.areaServed ? { areaServed: block.areaServed } : {}),
        ...(block.priceRange ? { priceRange: block.priceRange } : {}),
        ...(block.ratingValue && block.reviewCount
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: block.ratingValue, reviewCount: block.reviewCount, bestRating: 5 } }
          : {}),
      }}
    />
  )
}
