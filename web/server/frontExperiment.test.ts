import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARM_HEADER, armCookieName, personalizationHeader } from '../lib/personalization/header'
import { createFrontHandler } from './front'
import { PageCache } from './pageCache'

/**
 * An A/B test through the real front, with a loopback stand-in for Next that answers like the
 * proxy and the variant route do: it names the page's test in the personalization header and
 * renders the version the front asks for (ARM_HEADER), as a cacheable ISR page.
 */
const EXPERIMENT = { name: 'spring-headline', arms: [{ key: 'a', weight: 70 }, { key: 'b', weight: 30 }] }
const rendered: string[] = []
const assigned: string[] = []
const upstream = http.createServer((request, response) => {
  request.resume()
  const arm = request.headers[ARM_HEADER]
  rendered.push(String(arm ?? 'none'))
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'x-nextjs-cache': 'HIT',
    'cache-control': 's-maxage=3600',
    'x-personalized-inputs': personalizationHeader({ fields: [], experiment: EXPERIMENT }),
  })
  response.end(`<!DOCTYPE html><html><body><main id="main" data-call-arm="${String(arm ?? '')}"><h1>Version ${String(arm ?? 'control')}</h1></main></body></html>`)
})
let front: http.Server
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 600_000 })
  const handler = createFrontHandler({
    upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port },
    cache,
    onArmAssigned: (experiment, arm) => assigned.push(`${experiment}:${arm}`),
  })
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

describe('an A/B test at the front', () => {
  it('splits 1,000 visitors by weight (±5 %), each keeps its version, and each version is a cache hit after its first render', async () => {
    // The first answer teaches the front that the page runs a test (a crawler: the control, no cookie).
    const crawler = await fetch(`${base}/spring`, { headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(armOf(await crawler.text())).toBe('')
    expect(crawler.headers.get('set-cookie')).toBeNull()
    rendered.length = 0
    assigned.length = 0

    const cookieName = armCookieName(EXPERIMENT)
    const visitors: { cookie: string; arm: string }[] = []
    const cacheStates: Record<string, string[]> = { a: [], b: [] }
    for (let visitor = 0; visitor < 1000; visitor++) {
      const response = await fetch(`${base}/spring?gclid=visitor${visitor}`)
      const arm = armOf(await response.text())!
      const setCookie = response.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(new RegExp(`^${cookieName}=${arm}\\.[A-Za-z0-9_-]{22}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`))
      cacheStates[arm]!.push(response.headers.get('x-page-cache') ?? '')
      visitors.push({ cookie: setCookie.split(';')[0]!, arm })
    }
    const shareOfA = visitors.filter((visitor) => visitor.arm === 'a').length / visitors.length
    console.log(`A/B split of 1,000 visitors: a ${Math.round(shareOfA * 1000)}, b ${1000 - Math.round(shareOfA * 1000)} (weights 70/30)`)
    expect(Math.abs(shareOfA - 0.7)).toBeLessThanOrEqual(0.05)
    // Each new visitor is counted once, with the version it got (the Calls tool's visitors per version).
    expect(assigned).toEqual(visitors.map((visitor) => `${EXPERIMENT.name}:${visitor.arm}`))
    // Next rendered each version once; every later visitor of a version was answered from the copy.
    expect(rendered.sort()).toEqual(['a', 'b'])
    for (const arm of ['a', 'b']) expect(cacheStates[arm]!.slice(1).every((state) => state === 'hit'), arm).toBe(true)

    // Returning visitors keep their version and get no new cookie.
    for (const { cookie, arm } of visitors.slice(0, 200)) {
      const response = await fetch(`${base}/spring`, { headers: { cookie } })
      expect(armOf(await response.text())).toBe(arm)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('x-page-cache')).toBe('hit')
    }
  })

  it('never lets a client choose the version with the internal header, nor keeps a forged cookie', async () => {
    const response = await fetch(`${base}/spring`, { headers: { [ARM_HEADER]: 'z', cookie: `${armCookieName(EXPERIMENT)}=z` } })
    expect(['a', 'b']).toContain(armOf(await response.text()))
    expect(response.headers.get('set-cookie')).toMatch(/=(a|b)\.[A-Za-z0-9_-]{22};/)
  })
})

describe('a test added to a page the front knows as plain', () => {
  it('never keeps a visitor’s kept version as the plain page: a crawler then gets the control', async () => {
    // Next as the proxy answers: the page runs a test only from the second answer on (the content
    // changed between two requests), and without the front's choice it reads the visitor's cookie.
    let answers = 0
    const next = http.createServer((request, response) => {
      request.resume()
      const chosen = request.headers[ARM_HEADER]
      const kept = /lpe_ab_spring-headline=(\w+)/.exec(String(request.headers.cookie ?? ''))?.[1]
      const arm = chosen === undefined ? kept : chosen === '*' ? undefined : String(chosen)
      const first = answers++ === 0
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-nextjs-cache': 'HIT',
        // The first answer is not kept (as after a publish emptied the copies), so the second goes to Next.
        'cache-control': first ? 'private, no-store' : 's-maxage=3600',
        'x-personalized-inputs': personalizationHeader(first ? undefined : { fields: [], experiment: EXPERIMENT }),
      })
      response.end(`<main id="main" data-call-arm="${arm ?? ''}"></main>`)
    })
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve))
    const server = http.createServer(
      createFrontHandler({ upstream: { host: '127.0.0.1', port: (next.address() as AddressInfo).port }, cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 }) }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/spring`
    try {
      expect(armOf(await (await fetch(url)).text())).toBe('')
      // Known as plain; Next now knows the test. The visitor keeps version b.
      await (await fetch(url, { headers: { cookie: `${armCookieName(EXPERIMENT)}=b` } })).text()
      const crawler = await (await fetch(url, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
      expect(armOf(crawler)).toBe('')
      const visitor = await fetch(url, { headers: { cookie: `${armCookieName(EXPERIMENT)}=b` } })
      expect(armOf(await visitor.text())).toBe('b')
    } finally {
      server.closeAllConnections()
      next.closeAllConnections()
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => next.close(resolve))])
    }
  })
})
