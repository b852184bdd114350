import { describe, expect, it } from 'vitest'
import { forSharedCaches } from './edgeHeaders'


describe('forSharedCaches', () => {
  it('makes whatever sets a cookie private, for targeted fields too', () => {
    const headers = { 'cache-control': 'public, max-age=0, s-maxage=5', 'surrogate-control': 'max-age=31536000', 'cloudflare-cdn-cache-control': 'max-age=31536000', 'set-cookie': ['lpe_src=x'] }
    forSharedCaches(headers)
    expect(headers).toEqual({ 'cache-control': 'private, no-store', 'surrogate-control': 'no-store', 'cdn-cache-control': 'no-store', 'set-cookie': ['lpe_src=x'] })
  })

  it('keeps an old page Next serves while it renders the new one out of shared caches', () => {
    const headers = { 'cache-control': 'public, max-age=0, s-maxage=5', 'surrogate-control': 'max-age=31536000', 'x-nextjs-cache': 'STALE' }
    forSharedCaches(headers)
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=0')
    expect(headers['surrogate-control']).toBe('no-store')
  })

  it('leaves a fresh plain page as the request hook marked it', () => {
    const headers = { 'cache-control': 'public, max-age=0, s-maxage=5', 'x-nextjs-cache': 'HIT' }
    forSharedCaches(headers)
    expect(headers).toEqual({ 'cache-control': 'public, max-age=0, s-maxage=5', 'x-nextjs-cache': 'HIT' })
  })
})
