import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { armCookieName, personalizationHeader, SOURCE_COOKIE } from '../lib/personalization/header'
import { cdnCacheControl, decideVisit } from '../lib/personalization/visit'
import { createFrontHandler } from './front'
import { PageCache } from './pageCache'

/**
 * An A/B test through the real front, with a loopback stand-in for Next that answers as the proxy does
 * (web/proxy.ts): it decides the version with the same `decideVisit` (a first visit gets one by weight and
 * its cookie, a kept cookie keeps it, crawlers the control), marks the answer for shared caches, names the
 * page's test in the personalization header, and renders it as a cacheable ISR page. The front only reads.
 */
const EXPERIMENT = { name: 'spring-headline', arms: [{ key: 'a', weight: 70 }, { key: 'b', weight: 30 }] }
const ROUTE = { fields: [], experiment: EXPERIMENT, trackingNumbers: [{ match: 'campaign' as const, value: 'termites-fall', phone: '+12145550177' }] }
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
    'x-personalized-inputs': personalizationHeader(ROUTE),
    ...(visit.setCookies.length ? { 'set-cookie': visit.setCookies } : {}),
  })
  response.end(`<!DOCTYPE html><html><body><main id="main" data-call-arm="${visit.arm ?? ''}" data-source="${visit.trackingSource ?? ''}"><h1>Version ${visit.arm ?? 'control'}</h1></main></body></html>`)
})
let front: http.Server
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 600_000 })
  const handler = createFrontHandler({ upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port }, cache })
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
  it('the proxy splits 1,000 first visits by weight (±5 %) and sets the cookie, privately; returning visitors are cache hits of their version', async () => {
    // The first answer teaches the front that the page runs a test (a crawler: the control, no cookie, shareable).
    const crawler = await fetch(`${base}/spring`, { headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(armOf(await crawler.text())).toBe('')
    expect(crawler.headers.get('set-cookie')).toBeNull()
    expect(crawler.headers.get('cache-control')).toBe('s-maxage=3600')
    rendered.length = 0

    const cookieName = armCookieName(EXPERIMENT)
    const visitors: { cookie: string; arm: string }[] = []
    for (let visitor = 0; visitor < 1000; visitor++) {
      const response = await fetch(`${base}/spring?gclid=visitor${visitor}`)
      const arm = armOf(await response.text())!
      const setCookie = response.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(new RegExp(`^${cookieName}=${arm}\\.[A-Za-z0-9_-]{22}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`))
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('cdn-cache-control')).toBe('no-store')
      visitors.push({ cookie: setCookie.split(';')[0]!, arm })
    }
    const shareOfA = visitors.filter((visitor) => visitor.arm === 'a').length / visitors.length
    console.log(`A/B split of 1,000 first visits behind the front: a ${Math.round(shareOfA * 1000)}, b ${1000 - Math.round(shareOfA * 1000)} (weights 70/30)`)
    expect(Math.abs(shareOfA - 0.7)).toBeLessThanOrEqual(0.05)
    // Every first visit reached the proxy (only it picks a version); none of those answers was kept.
    expect(rendered).toHaveLength(1000)

    // Returning visitors keep their version, get no new cookie, and after the first of each version are hits.
    rendered.length = 0
    const states: string[] = []
    for (const { cookie, arm } of visitors.slice(0, 200)) {
      const response = await fetch(`${base}/spring`, { headers: { cookie } })
      expect(armOf(await response.text())).toBe(arm)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
      states.push(response.headers.get('x-page-cache') ?? '')
    }
    expect(rendered.sort()).toEqual([...new Set(visitors.slice(0, 200).map((visitor) => visitor.arm))].sort())
    expect(states.filter((state) => state === 'hit')).toHaveLength(200 - rendered.length)
  }, 60_000)

  it('never lets a forged cookie choose a version: the proxy gives a real one', async () => {
    const response = await fetch(`${base}/spring`, { headers: { cookie: `${armCookieName(EXPERIMENT)}=z`, 'x-experiment-arm': 'b' } })
    expect(['a', 'b']).toContain(armOf(await response.text()))
    expect(response.headers.get('set-cookie')).toMatch(/=(a|b)\.[A-Za-z0-9_-]{22};/)
  })

  it('reads a cookie with a space before "=" as the proxy does (one parser): a kept campaign is never stored as the plain page', async () => {
    const kept = `${armCookieName(EXPERIMENT)}=a.AAAAAAAAAAAAAAAAAAAAAA; ${SOURCE_COOKIE} =campaign%3Atermites-fall`
    const first = await fetch(`${base}/spring`, { headers: { cookie: kept } })
    expect(await first.text()).toContain('data-source="campaign:termites-fall"')
    // A visitor of version a without the campaign never gets the campaign's copy.
    const clean = await fetch(`${base}/spring`, { headers: { cookie: `${armCookieName(EXPERIMENT)}=a.BBBBBBBBBBBBBBBBBBBBBB` } })
    expect(await clean.text()).toContain('data-source=""')
  })
})

describe('a test added to a page the front knows as plain', () => {
  it('never keeps a visitor’s kept version as the plain page: a crawler then gets the control', async () => {
    // Next as the proxy answers: the page runs a test only from the second answer on (the content changed between two requests).
    let answers = 0
    const next = http.createServer((request, response) => {
      request.resume()
      const first = answers++ === 0
      const route = first ? undefined : { fields: [], experiment: EXPERIMENT }
      const visit = decideVisit(route, request.headers.cookie, request.headers['user-agent'], new URLSearchParams(), 0.5)
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-nextjs-cache': 'HIT',
        // The first answer is not kept (as after a publish emptied the copies), so the second goes to Next.
        'cache-control': first ? 'private, no-store' : 's-maxage=3600',
        'x-personalized-inputs': personalizationHeader(route),
        ...(visit.setCookies.length ? { 'set-cookie': visit.setCookies } : {}),
      })
      response.end(`<main id="main" data-call-arm="${visit.arm ?? ''}"></main>`)
    })
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve))
    const server = http.createServer(
      createFrontHandler({ upstream: { host: '127.0.0.1', port: (next.address() as AddressInfo).port }, cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 }) }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/spring`
    const keptB = `${armCookieName(EXPERIMENT)}=b.AAAAAAAAAAAAAAAAAAAAAA`
    try {
      expect(armOf(await (await fetch(url)).text())).toBe('')
      // Known as plain; Next now knows the test. The visitor keeps version b.
      await (await fetch(url, { headers: { cookie: keptB } })).text()
      const crawler = await (await fetch(url, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
      expect(armOf(crawler)).toBe('')
      const visitor = await fetch(url, { headers: { cookie: keptB } })
      expect(armOf(await visitor.text())).toBe('b')
    } finally {
      server.closeAllConnections()
      next.closeAllConnections()
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => next.close(resolve))])
    }
  })
})
