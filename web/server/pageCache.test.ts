import { describe, expect, it } from 'vitest'
import { PageCache, pageCacheKey, type CachedPage } from './pageCache'
import { fixedPageShapes } from './pageShapes'

// The bundled content's pages that read ad inputs ("Ad inputs"), as web/content/pageShapes.ts reads them.
const taught = fixedPageShapes([
  { id: 'home', path: '/', fields: ['keyword', 'location'] },
  { id: 'v2', path: '/v2', fields: ['location', 'headline', 'question'] },
])
const key = (address: string) => pageCacheKey(new URL(address, 'http://site.test'), taught)
const page = (bytes: number): CachedPage => ({ status: 200, headers: {}, body: Buffer.alloc(bytes), gzipped: Buffer.alloc(0), brotli: Buffer.alloc(0) })

describe('pageCacheKey', () => {
  it('ignores the query string of pages that do not read it', () => {
    expect(key('/ants?gclid=abc&utm_source=google')).toBe('/ants')
    expect(key('/ants?kw=wasp')).toBe('/ants')
  })

  it('keys a personalized landing page by the inputs that shape it, not by tracking parameters', () => {
    const wasp = key('/?kw=wasp+removal+near+me&loc_physical_ms=1026339&gclid=1')
    expect(key('/?kw=Wasp%20Removal&loc_physical_ms=1026339&gclid=2&utm_campaign=x')).toBe(wasp)
    expect(key('/?kw=wasp+removal&loc_physical_ms=1014221')).not.toBe(wasp)
    expect(key('/?kw=ant+control')).not.toBe(wasp)
  })

  it('collapses inputs that shape nothing to the plain page', () => {
    expect(key('/?gclid=abc')).toBe('/')
    expect(key('/?loc_physical_ms=not-a-code&kw=%20%3Cb%3Escript%3C%2Fb%3E')).toBe(key('/?kw=script'))
    // /v2 reads the location, headline1 and q, not the keyword.
    expect(key('/v2?kw=wasp')).toBe('/v2')
    expect(key('/v2?headline1=Need+An+Exterminator&q=y')).not.toBe(key('/v2?headline1=Need+An+Exterminator'))
  })
})

describe('PageCache', () => {
  it('answers fresh copies until the TTL, then hands the refresh to one caller and the stale copy to the rest', () => {
    let now = 0
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 5_000, now: () => now })
    cache.set('/ants', page(10))
    expect(cache.lookup('/ants')?.state).toBe('fresh')
    now = 5_000
    expect(cache.lookup('/ants')?.state).toBe('stale')
    expect(cache.lookup('/ants')?.state).toBe('stale-refreshing')
    cache.set('/ants', page(10))
    expect(cache.lookup('/ants')?.state).toBe('fresh')
    expect(cache.lookup('/bees')).toBeUndefined()
  })

  it('stays within its byte budget by dropping the least recently used pages', () => {
    const cache = new PageCache({ maxBytes: 3 * (1024 + 1000 + 20), ttlMs: 5_000 })
    cache.set('/a', page(1000))
    cache.set('/b', page(1000))
    cache.set('/c', page(1000))
    cache.lookup('/a')
    cache.set('/d', page(1000))
    expect(cache.lookup('/b')).toBeUndefined()
    expect(cache.lookup('/a')).toBeDefined()
    expect(cache.size).toBe(3)
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
  })

  it('never stores a page larger than the whole budget, and forgets everything on clear', () => {
    const cache = new PageCache({ maxBytes: 5_000, ttlMs: 5_000 })
    cache.set('/huge', page(10_000))
    expect(cache.size).toBe(0)
    cache.set('/a', page(100))
    cache.clear()
    expect([cache.size, cache.bytes]).toEqual([0, 0])
  })
})
