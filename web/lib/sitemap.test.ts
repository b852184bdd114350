import { describe, expect, it } from 'vitest'
import { sitemapEntries } from './sitemap'

const base = new URL('https://pests.example')
const docs = [
  { slug: 'wasps', _updatedAt: '2026-02-01T10:00:00Z', robots: 'index,follow' },
  { slug: 'landing', _updatedAt: '2026-01-01T10:00:00Z', robots: 'index,follow' },
  { slug: 'privacy-policy', _updatedAt: '2026-03-01T10:00:00Z', robots: 'noindex,follow' },
  { slug: 'v2', _updatedAt: '2026-03-01T10:00:00Z', robots: 'noindex, nofollow' },
  { slug: 'ants', _updatedAt: '2026-04-01T10:00:00Z', robots: null },
]

describe('sitemapEntries', () => {
  it('lists indexable documents at absolute addresses, the home page at "/", dated by their last edit', () => {
    expect(sitemapEntries(docs, 'landing', base)).toEqual([
      { url: 'https://pests.example/', lastModified: '2026-01-01T10:00:00Z' },
      { url: 'https://pests.example/ants', lastModified: '2026-04-01T10:00:00Z' },
      { url: 'https://pests.example/wasps', lastModified: '2026-02-01T10:00:00Z' },
    ])
  })

  it('leaves out every noindex document', () => {
    const urls = sitemapEntries(docs, 'landing', base).map((entry) => entry.url)
    expect(urls.some((url) => url.includes('privacy') || url.endsWith('/v2'))).toBe(false)
  })
})
