import type { VisitorLocation } from '@/lib/location/parse'
import { siteUrl, type SiteSettings } from '@/lib/site'
import { serviceData } from '@/lib/structuredData/service'
import { JsonLd } from './JsonLd'

/**
 * The page's structured data: the referral service the site brokers, in the place the page is about
 * (web/lib/structuredData/service.ts). Every routed page has one; a page's “Service details for search engines”
 * section adds its own description, area and rating.
 */
export function ServiceJsonLd({
  site,
  place,
  details = {},
}: {
  site: Pick<SiteSettings, 'brandName' | 'phone'> & Partial<Pick<SiteSettings, 'reviewsUrl'>>
  place?: VisitorLocation | null
  details?: { description?: string | null; areaServed?: string | null; rating?: { value: number; count: number } | null }
}) {
  const rating = details.rating && site.reviewsUrl ? { ...details.rating, source: site.reviewsUrl } : null
  return (
    <JsonLd
      data={serviceData({
        brandName: site.brandName,
        phone: site.phone,
        siteUrl: siteUrl().toString(),
        // The page's own description only: the broker already says what the site is, and every byte counts against
        // the first flight (the disclosure is on the page itself, in the footer).
        description: details.description?.trim() || '',
        place,
        areaServed: details.areaServed,
        rating,
      })}
    />
  )
}
