import { describe, expect, it } from 'vitest'
import type { EdgeConfig } from '@/lib/config'
import { tagsFor } from './revalidation'
import { applyEdgeHeaders, areaTags, NOT_FOUND_TAGS, pageTags, sharedCacheHeaders } from './edgeKeys'

const none: EdgeConfig = { varnish: [], cloudflare: null, fastly: null, shortTtlSeconds: 5 }
const all: EdgeConfig = {
  varnish: ['http://varnish:6081'],
  cloudflare: { zoneId: '023e105f4ecef8ad9ca31a8372d0c353', token: 't', apiUrl: 'https://api.cloudflare.com/client/v4' },
  fastly: { serviceId: 'abc', token: 't', apiUrl: 'https://api.fastly.com' },
  shortTtlSeconds: 5,
}

describe('sharedCacheHeaders', () => {
  it('makes an answer that sets a cookie, or that a cookie shaped, private for every kind of cache', () => {
    expect(sharedCacheHeaders({ setsCookie: true, visitorShaped: false, tags: pageTags('ants') }, all)).toEqual({ 'cache-control': 'private, no-store', 'cdn-cache-control': 'no-store', 'surrogate-control': 'no-store' })
    expect(sharedCacheHeaders({ setsCookie: false, visitorShaped: true, tags: pageTags('ants') }, all)).toEqual({ 'cache-control': 'private, no-cache', 'cdn-cache-control': 'no-store', 'surrogate-control': 'no-store' })
  })

  it('gives a plain page a short Cache-Control, its keys, and a long life only where a publish purges', () => {
    const plain = sharedCacheHeaders({ setsCookie: false, visitorShaped: false, tags: pageTags('ants') }, none)
    expect(plain).toEqual({ 'cache-control': 'public, max-age=0, s-maxage=5, stale-while-revalidate=30', 'surrogate-key': 'siteSettings pest faq slug:ants', 'cache-tag': 'siteSettings,pest,faq,slug:ants' })
    const purged = sharedCacheHeaders({ setsCookie: false, visitorShaped: false, tags: pageTags('ants') }, all)
    expect(purged['cache-control']).toBe(plain['cache-control'])
    expect(purged['surrogate-control']).toBe('max-age=31536000')
    expect(purged['cloudflare-cdn-cache-control']).toBe('max-age=31536000')
  })

  it('carries a variant’s headers to the second pass and ignores anything unreadable', () => {
    const response = { headers: new Headers() }
    applyEdgeHeaders(response, JSON.stringify({ 'cache-control': 'private, no-cache', bad: 1 }))
    applyEdgeHeaders(response, '{not json')
    expect([...response.headers]).toEqual([['cache-control', 'private, no-cache']])
  })
})

describe('keys and the publish that purges them', () => {
  it('purges a published page’s keys and not another page’s', () => {
    const published = tagsFor({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' })
    expect(pageTags('ants').some((tag) => published.includes(tag))).toBe(true)
    expect(pageTags('roaches').some((tag) => published.includes(tag))).toBe(false)
    // A new or renamed address: every not-found answer is purged (the address may now be a page).
    expect(NOT_FOUND_TAGS.some((tag) => published.includes(tag))).toBe(true)
  })

  it('purges every page when Site settings, a pest or an FAQ changes', () => {
    for (const type of ['siteSettings', 'pest', 'faq']) {
      const published = tagsFor({ _type: type, _id: type })
      expect(pageTags('roaches').some((tag) => published.includes(tag)), type).toBe(true)
    }
  })

  it('purges service-area pages for a provider or a note, and with their pest page, but not plain pages', () => {
    const place = areaTags('/ants/texas/austin')!
    expect(areaTags('/ants/texas')).toEqual(place)
    expect(areaTags('/ants')).toBeUndefined()
    for (const type of ['provider', 'placeNote', 'pestStateNote']) {
      const published = tagsFor({ _type: type, _id: type })
      expect(place.some((tag) => published.includes(tag)), type).toBe(true)
      expect(pageTags('ants').some((tag) => published.includes(tag)), type).toBe(false)
    }
    expect(place.some((tag) => tagsFor({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' }).includes(tag))).toBe(true)
    // A provider may make an unserved place served: its not-found answer is purged.
    expect(NOT_FOUND_TAGS.some((tag) => tagsFor({ _type: 'provider', _id: 'p' }).includes(tag))).toBe(true)
  })
})
