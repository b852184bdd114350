// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { LocalBusiness } from './LocalBusiness'

afterEach(cleanup)

describe('LocalBusiness', () => {
  it('emits schema.org LocalBusiness with the settings name and phone and the rating', () => {
    const { container } = render(
      <LocalBusiness
        block={{ _type: 'localBusiness', _key: 'l', description: 'Referral service', areaServed: 'United States', priceRange: '$$', ratingValue: 4.9, reviewCount: 2847 }}
        context={testContext}
      />,
    )
    const data = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Test Pest Co',
      telephone: '+12025550173',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 2847 },
    })
    expect(container.textContent).toBe(container.querySelector('script')!.textContent)
  })
})
