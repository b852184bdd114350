import { resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data'
import { describe, expect, it } from 'vitest'
import { validateSitemap } from '../../tests/support/sitemapSchema'
import { latest, SITEMAP_MAX_URLS, sitemapIndexXml, splitSitemap, urlsetXml, type SitemapEntry } from './sitemapIndex'

const entries: SitemapEntry[] = [
  { url: 'https://pests.example/', lastModified: '2026-01-01T10:00:00Z' },
  { url: 'https://pests.example/ants', lastModified: '2026-04-01T10:00:00Z' },
  { url: 'https://pests.example/ants/texas/d-hanis' },
]

describe('sitemap files', () => {
  it('writes a urlset exactly as Next writes app/sitemap.ts, so a single sitemap reads as before', () => {
    expect(urlsetXml(entries)).toBe(resolveSitemap(entries))
  })

  it('writes valid sitemaps and sitemap indexes (the protocol’s schema, by libxml2)', async () => {
    expect(await validateSitemap(urlsetXml(entries))).toEqual({ valid: true, errors: [] })
    const index = sitemapIndexXml([{ url: 'https://pests.example/sitemaps/places.xml', lastModified: '2026-04-01T10:00:00Z' }, { url: 'https://pests.example/sitemaps/pages.xml' }])
    expect(await validateSitemap(index)).toEqual({ valid: true, errors: [] })
    const broken = await validateSitemap(urlsetXml([{ url: 'https://pests.example/', lastModified: 'yesterday' }]))
    expect(broken.valid).toBe(false)
  })

  it('escapes what XML would misread', () => {
    expect(urlsetXml([{ url: 'https://pests.example/?a=1&b=2' }])).toContain('<loc>https://pests.example/?a=1&amp;b=2</loc>')
  })

  it('cuts entries into files of at most 50,000 URLs and the byte limit, in order, none empty', async () => {
    const many = Array.from({ length: 2 * SITEMAP_MAX_URLS + 1 }, (_, index) => ({ url: `https://pests.example/ants/texas/place-${index}`, lastModified: '2026-01-01T00:00:00Z' }))
    const files = splitSitemap(many)
    expect(files.map((file) => file.length)).toEqual([SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 1])
    expect(files.flat()).toEqual(many)
    expect(await validateSitemap(urlsetXml(files[0]!))).toEqual({ valid: true, errors: [] })
    const small = splitSitemap(entries, { maxBytes: new TextEncoder().encode(urlsetXml(entries.slice(0, 2))).length })
    expect(small.map((file) => file.length)).toEqual([2, 1])
    for (const file of small) expect(new TextEncoder().encode(urlsetXml(file)).length).toBeLessThanOrEqual(new TextEncoder().encode(urlsetXml(entries.slice(0, 2))).length)
    expect(splitSitemap([])).toEqual([])
  }, 60_000)

  it('dates a file by its latest entry', () => {
    expect(latest(entries)).toBe('2026-04-01T10:00:00Z')
    expect(latest([])).toBeUndefined()
  })
})
