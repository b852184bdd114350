/**
 * What a page tells search engines the site is: a `Service` the site brokers — a free referral to independent
 * local providers — never a `LocalBusiness` (the site has no shop, and an address would be invented). `broker`
 * is the site itself (name, address, phone from Site settings), `areaServed` the place the page is about: the
 * visitor's or the service-area page's city, else the area an editor wrote, else the United States. A rating is
 * given only with the reviews address it comes from (Site settings → Reviews address).
 */
export interface ServiceFacts {
  brandName: string
  phone: string
  siteUrl: string
  /** The page's own description of the service ('' for none). */
  description: string
  place?: { city: string; state: string } | null
  /** What an editor wrote as the area, used when the page has no place of its own. */
  areaServed?: string | null
  /** The kind of service, e.g. the pest page's pest; absent when the page is about pest control at large. */
  serviceType?: string | null
  rating?: { value: number; count: number; source: string } | null
}

export function serviceData(facts: ServiceFacts): Record<string, unknown> {
  const areaServed = facts.place
    ? { '@type': 'City', name: facts.place.city, containedInPlace: { '@type': 'State', name: facts.place.state } }
    : facts.areaServed?.trim()
      ? { '@type': 'Place', name: facts.areaServed.trim() }
      : { '@type': 'Country', name: 'US' }
  const rating = facts.rating && facts.rating.source ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: facts.rating.value, reviewCount: facts.rating.count, bestRating: 5, url: facts.rating.source } } : {}
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: facts.brandName,
    ...(facts.description.trim() ? { description: facts.description.trim() } : {}),
    ...(facts.serviceType?.trim() ? { serviceType: facts.serviceType.trim() } : {}),
    broker: { '@type': 'Organization', name: facts.brandName, url: facts.siteUrl, telephone: facts.phone },
    areaServed,
    ...rating,
  }
}
