import { describe, expect, it } from 'vitest'
import { edgeCacheControl, isSurrogateKey, plainPageCacheControl, surrogateKeyHeaders } from './headers'

const short = { shortTtlSeconds: 5 }
const next = 's-maxage=31536000'

describe('edgeCacheControl', () => {
  it('makes an answer that sets a cookie private and unstored, whatever Next said', () => {
    expect(edgeCacheControl({ cacheControl: next, setsCookie: true, visitorShaped: false }, short)).toBe('private, no-store')
    expect(edgeCacheControl({ cacheControl: next, setsCookie: true, visitorShaped: true }, short)).toBe('private, no-store')
  })

  it('makes an answer the visitor’s cookies shaped private', () => {
    expect(edgeCacheControl({ cacheControl: next, setsCookie: false, visitorShaped: true }, short)).toBe('private, no-cache')
  })

  it('shares a plain page briefly, with stale-while-revalidate', () => {
    expect(edgeCacheControl({ cacheControl: next, setsCookie: false, visitorShaped: false }, short)).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30')
    expect(plainPageCacheControl({ shortTtlSeconds: 60 })).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30')
  })

  it('keeps an old page Next serves while it renders the new one out of shared caches', () => {
    expect(edgeCacheControl({ cacheControl: next, setsCookie: false, visitorShaped: false, stale: true }, short)).toBe('public, max-age=0, s-maxage=0')
  })

  it('leaves what Next did not share as it is', () => {
    for (const cacheControl of [undefined, 'no-store', 'private, no-cache, no-store, max-age=0, must-revalidate', 'public, max-age=31536000, immutable']) {
      expect(edgeCacheControl({ cacheControl, setsCookie: false, visitorShaped: false }, short)).toBe(cacheControl)
    }
  })
})

describe('surrogate keys', () => {
  it('lists the tags space-separated for Varnish and Fastly, comma-separated for Cloudflare', () => {
    expect(surrogateKeyHeaders(['siteSettings', 'pest', 'slug:ants'])).toEqual({ 'surrogate-key': 'siteSettings pest slug:ants', 'cache-tag': 'siteSettings,pest,slug:ants' })
  })

  it('drops a key a cache would read as two, or as regex syntax', () => {
    expect(surrogateKeyHeaders(['ok', 'two words', 'a,b', 'x|y', 'a.b'])).toEqual({ 'surrogate-key': 'ok', 'cache-tag': 'ok' })
    expect(isSurrogateKey('slug:bed-bugs_2')).toBe(true)
    expect(isSurrogateKey('')).toBe(false)
  })
})
