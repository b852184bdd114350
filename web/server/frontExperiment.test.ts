import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { armCookie, armCookieName, SOURCE_COOKIE } from '../lib/personalization/header'
import { cdnCacheControl, decideVisit } from '../lib/personalization/visit'
import type { PersonalizedRoute } from '../lib/personalization/variant'
import { createFrontHandler } from './front'
import { PageCache } from './pageCache'
import { fixedPageShapes, PageShapes } from './pageShapes'

/**
 * An A/B test through the real front, with a loopback stand-in for Next that answers as the proxy does
 * (web/proxy.ts): it decides the version with the same `decideVisit` (a first visit gets one by weight and
 * its cookie, a kept cookie keeps it, crawlers the control), marks the answer for shared caches and renders
 * it as a cacheable ISR page. The front knows the page's test from content (pageShapes.ts), runs the same
 * decision, and serves a first visit the copy of its version with the cookie.
 */
const EXPERIMENT = { name: 'spring-headline', arms: [{ key: 'a', weight: 70 }, { key: 'b', weight: 30 }] }
const ROUTE = { id: 'spring', path: '/spring', fields: [], experiment: EXPERIMENT, trackingNumbers: [{ match: 'campaign' as const, value: 'termites-fall', phone: '+12145550177' }] }
const SIGNED = '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}'
const rendered: string[] = []
const upstream = http.createServer((request, response) => {
  request.resume()
  const url = new URL(request.url ?? '/', 'http://stand-in.invalid')
  const visit = decideVisit(ROUTE, request.headers.cookie, request.headers['user-agent'], url.searchParams, Math.random())
  rendered.push(visit.arm ?? 'none')
  const cdn = cdnCacheControl(visit)
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'x-nextjs-cache': 'HIT',
    // Next keeps its own Cache-Control on a prerendered page whatever the request hook says.
    'cache-control': 's-maxage=3600',
    ...(cdn ? { 'cdn-cache-control': cdn } : {}),
    ...(visit.setCookies.length ? { 'set-cookie': visit.setCookies } : {}),
  })
  response.end(`<!DOCTYPE html><html><body><main id="main" data-call-arm="${visit.arm ?? ''}" data-source="${visit.trackingSource ?? ''}"><h1>Version ${visit.arm ?? 'control'}</h1></main></body></html>`)
})
let front: http.Server
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 600_000 })
  const handler = createFrontHandler({ upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port }, cache, shapes: fixedPageShapes([ROUTE]) })
  front = http.createServer(handler)
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
})

afterAll(async () => {
  front.closeAllConnections()
  upstream.closeAllConnections()
  await Promise.all([new Promise((resolve) => front.close(resolve)), new Promise((resolve) => upstream.close(resolve))])
})

const armOf = (body: string) => /data-call-arm="([^"]*)"/.exec(body)?.[1]

describe('an A/B test behind the front', () => {
  it('the front splits 1,000 first visits by weight (±5 %) from the copies of the versions, with signed cookies, privately; returning visitors are hits too', async () => {
    // A crawler: the control, no cookie, and private: a shared cache would serve it to first visitors without a version.
    const crawler = await fetch(`${base}/spring`, { headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(armOf(await crawler.text())).toBe('')
    expect(crawler.headers.get('set-cookie')).toBeNull()
    expect(crawler.headers.get('cache-control')).toBe('private, no-cache')
    rendered.length = 0

    const cookieName = armCookieName(EXPERIMENT)
    const visitors: { cookie: string; arm: string }[] = []
    for (let visitor = 0; visitor < 1000; visitor++) {
      const response = await fetch(`${base}/spring?gclid=visitor${visitor}`)
      const arm = armOf(await response.text())!
      const setCookie = response.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(new RegExp(`^${cookieName}=${arm}\\.${SIGNED}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`))
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('cdn-cache-control')).toBe('no-store')
      visitors.push({ cookie: setCookie.split(';')[0]!, arm })
    }
    const shareOfA = visitors.filter((visitor) => visitor.arm === 'a').length / visitors.length
    console.log(`A/B split of 1,000 first visits behind the front: a ${Math.round(shareOfA * 1000)}, b ${1000 - Math.round(shareOfA * 1000)} (weights 70/30)`)
    expect(Math.abs(shareOfA - 0.7)).toBeLessThanOrEqual(0.05)
    // Only the first visit of each version reached Next (with the cookie the front set, so it set none); the rest were copies.
    expect(rendered.sort()).toEqual(['a', 'b'])

    // Returning visitors keep their version and get no new cookie.
    rendered.length = 0
    const states: string[] = []
    for (const { cookie, arm } of visitors.slice(0, 200)) {
      const response = await fetch(`${base}/spring`, { headers: { cookie } })
      expect(armOf(await response.text())).toBe(arm)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
      states.push(response.headers.get('x-page-cache') ?? '')
    }
    // The copies of both versions were kept by the first visits: every returning visitor is a hit.
    expect(rendered).toEqual([])
    expect(states.filter((state) => state === 'hit')).toHaveLength(200)
  }, 60_000)

  it('never lets a forged cookie choose a version: an unsigned or tampered one gets a real, signed one', async () => {
    for (const forged of ['z', 'b', 'b.AAAAAAAAAAAAAAAAAAAAAA', `b.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`]) {
      const response = await fetch(`${base}/spring`, { headers: { cookie: `${armCookieName(EXPERIMENT)}=${forged}`, 'x-experiment-arm': 'b' } })
      const arm = armOf(await response.text())
      expect(['a', 'b']).toContain(arm)
      expect(response.headers.get('set-cookie')).toMatch(new RegExp(`=${arm}\\.${SIGNED};`))
    }
  })

  it('a campaign landing sets the kept campaign with its version, privately and for a CDN too, also from the copy', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const landing = await fetch(`${base}/spring?utm_campaign=Termites+Fall&gclid=${visit}`, { headers: { cookie: armCookie(EXPERIMENT, 'b', 'CCCCCCCCCCCCCCCCCCCCCC').split(';')[0]! } })
      expect(await landing.text()).toContain('data-call-arm="b"')
      expect(landing.headers.get('set-cookie')).toBe('lpe_src=campaign%3Atermites-fall; Path=/; SameSite=Lax; HttpOnly')
      expect(landing.headers.get('cache-control')).toBe('private, no-store')
      expect(landing.headers.get('cdn-cache-control')).toBe('no-store')
      expect(landing.headers.get('surrogate-control')).toBe('no-store')
      if (visit === 1) expect(landing.headers.get('x-page-cache')).toBe('hit')
    }
  })

  it('reads a cookie with a space before "=" as the proxy does (one parser): a kept campaign is never stored as the plain page', async () => {
    const kept = `${armCookie(EXPERIMENT, 'a', 'AAAAAAAAAAAAAAAAAAAAAA').split(';')[0]}; ${SOURCE_COOKIE} =campaign%3Atermites-fall`
    const first = await fetch(`${base}/spring`, { headers: { cookie: kept } })
    expect(await first.text()).toContain('data-source="campaign:termites-fall"')
    // A visitor of version a without the campaign never gets the campaign's copy.
    const clean = await fetch(`${base}/spring`, { headers: { cookie: armCookie(EXPERIMENT, 'a', 'BBBBBBBBBBBBBBBBBBBBBB').split(';')[0]! } })
    expect(await clean.text()).toContain('data-source=""')
  })
})

describe('a test started and ended in the Studio', () => {
  it('applies from the first request after the publish: a kept version keeps its copy, a crawler the control, and once ended a first visit gets no cookie', async () => {
    // The content: the page runs no test, then one, then none again (each change a publish).
    let content: PersonalizedRoute[] = []
    const shapes = new PageShapes(async () => ({ routes: content }), { initial: content })
    const next = http.createServer((request, response) => {
      request.resume()
      const route = content.find((candidate) => candidate.path === '/spring')
      const visit = decideVisit(route, request.headers.cookie, request.headers['user-agent'], new URLSearchParams(), 0.5)
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-nextjs-cache': 'HIT',
        'cache-control': 's-maxage=3600',
        ...(visit.setCookies.length ? { 'set-cookie': visit.setCookies } : {}),
      })
      response.end(`<main id="main" data-call-arm="${visit.arm ?? ''}"></main>`)
    })
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve))
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 })
    const server = http.createServer(createFrontHandler({ upstream: { host: '127.0.0.1', port: (next.address() as AddressInfo).port }, cache, shapes }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/spring`
    const publish = async (routes: PersonalizedRoute[]) => {
      content = routes
      cache.clear()
      await shapes.forget()
    }
    try {
      const plain = await fetch(url)
      expect(armOf(await plain.text())).toBe('')
      expect(plain.headers.get('set-cookie')).toBeNull()

      await publish([ROUTE])
      const first = await fetch(url)
      const arm = armOf(await first.text())!
      expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${armCookieName(EXPERIMENT)}=${arm}\\.${SIGNED};`))
      const kept = first.headers.get('set-cookie')!.split(';')[0]!
      const crawler = await (await fetch(url, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
      expect(armOf(crawler)).toBe('')
      const again = await fetch(url, { headers: { cookie: kept } })
      expect(armOf(await again.text())).toBe(arm)
      expect(again.headers.get('set-cookie')).toBeNull()

      await publish([])
      const ended = await fetch(url)
      expect(armOf(await ended.text())).toBe('')
      expect(ended.headers.get('set-cookie')).toBeNull()
    } finally {
      server.closeAllConnections()
      next.closeAllConnections()
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => next.close(resolve))])
    }
  })
})
