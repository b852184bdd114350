// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { LocalBusiness } from './LocalBusiness'

afterEach(cleanup)

const dataOf = (container: HTMLElement) => JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!)
const block = { _type: 'localBusiness' as const, _key: 'l', description: 'Referral service', areaServed: 'United States', ratingValue: 4.9, reviewCount: 2847 }

describe('Service details for search engines', () => {
  it('emits a schema.org Service brokered by the site, never a LocalBusiness, and no rating without its source', () => {
    const { container } = render(<LocalBusiness block={block} context={testContext} />)
    const data = dataOf(container)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Test Pest Co',
      description: 'Referral service',
      broker: { '@type': 'Organization', name: 'Test Pest Co', telephone: '+12025550173' },
      areaServed: { '@type': 'Place', name: 'United States' },
    })
    expect(data).not.toHaveProperty('aggregateRating')
    expect(data).not.toHaveProperty('address')
    expect(container.textContent).toBe(container.querySelector('script')!.textContent)
  })

  it('names the visitor’s place as the area served, and gives the rating with the reviews address it comes from', () => {
    const site = { ...testContext.site, reviewsUrl: 'https://reviews.example.org/test-pest-co', reviewsLabel: 'Our reviews' }
    const { container } = render(<LocalBusiness block={block} context={{ ...testContext, site, location: { city: 'Dallas', state: 'TX' } }} />)
    expect(dataOf(container)).toMatchObject({
      areaServed: { '@type': 'City', name: 'Dallas', containedInPlace: { '@type': 'State', name: 'TX' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 2847, url: 'https://reviews.example.org/test-pest-co' },
    })
  })
})
