import { describe, expect, it } from 'vitest'
import { serviceData } from './service'

const site = { brandName: 'Local Pest Experts', phone: '+18885550142', siteUrl: 'https://www.example.org/', description: 'A free referral service to independent local providers.' }

describe('the structured data every page carries', () => {
  it('is a Service the site brokers, serving the United States when the page names no place, with no address and no rating', () => {
    const data = serviceData(site)
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Local Pest Experts',
      description: 'A free referral service to independent local providers.',
      broker: { '@type': 'Organization', name: 'Local Pest Experts', url: 'https://www.example.org/', telephone: '+18885550142' },
      areaServed: { '@type': 'Country', name: 'US' },
    })
    expect(JSON.stringify(data)).not.toMatch(/LocalBusiness|address|aggregateRating/)
  })

  it('serves the page’s place, else the area an editor wrote', () => {
    expect(serviceData({ ...site, place: { city: 'Tampa', state: 'FL' }, areaServed: 'United States' }).areaServed).toEqual({ '@type': 'City', name: 'Tampa', containedInPlace: { '@type': 'State', name: 'FL' } })
    expect(serviceData({ ...site, areaServed: ' Greater Austin ' }).areaServed).toEqual({ '@type': 'Place', name: 'Greater Austin' })
  })

  it('gives a rating only with the reviews address it comes from', () => {
    expect(serviceData({ ...site, rating: { value: 4.8, count: 120, source: '' } })).not.toHaveProperty('aggregateRating')
    expect(serviceData({ ...site, rating: { value: 4.8, count: 120, source: 'https://g.page/r/x' } }).aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 120, bestRating: 5, url: 'https://g.page/r/x' })
  })
})
