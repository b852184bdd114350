import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { formatUsPhone } from '../../web/lib/phone'
import { startVarnish, type Varnish } from '../support/varnish'
import { waitFor } from '../support/waitFor'
import { signedArmCookie, startSite, type NextServer } from './nextServer'

/**
 * One behaviour on every host: the same A/B and tracking-number checks against `npm start` (the front and
 * Next) and plain `next start web` (as on Vercel: Next's request hook alone), both on the production build,
 * with content from the local Content Lake: a page with a running 70/30 test, a page whose test has ended
 * (the winner copied in), and a campaign rule in Site settings. Then each host behind Varnish (Debian's,
 * built-in VCL): a plain page is a shared hit, and no visitor ever gets another visitor's version, campaign
 * number or cookie. Prints the split and the caching headers per host.
 */
const LAKE_PORT = 4381
const HOSTS = [
  { name: 'npm start', server: 'site' as const, port: 3181, varnishPort: 6181 },
  { name: 'next start', server: 'next' as const, port: 3182, varnishPort: 6182 },
]
const TEST_NAME = 'hosts-headline'
const CAMPAIGN_NUMBER = '+12145550177'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let lake: LocalLake
const sites = new Map<string, NextServer>()
const caches = new Map<string, Varnish>()
let controlTitle = ''
let siteNumber = ''

beforeAll(async () => {
  const documents = bundledDocuments().map((doc) => structuredClone(doc))
  const v2 = documents.find((doc) => doc._id === 'page-v2')!
  controlTitle = (v2.blocks as { _type: string; title: string }[]).find((block) => block._type === 'hero')!.title
  const settings = documents.find((doc) => doc._id === 'siteSettings')!
  siteNumber = String(settings.phone)
  settings.trackingNumbers = [{ _key: 'fall', _type: 'trackingNumberRule', match: 'campaign', value: 'termites-fall', phone: CAMPAIGN_NUMBER }]
  const page = (id: string, slug: string, experiment: Record<string, unknown>) => ({ ...structuredClone(v2), _id: id, slug: { _type: 'slug', current: slug }, adInputs: [], experiment })
  documents.push(
    page('page-hosts-ab', 'hosts-ab', {
      name: { _type: 'slug', current: TEST_NAME },
      arms: [{ _key: 'a', key: 'a', weight: 70 }, { _key: 'b', key: 'b', weight: 30, heroTitle: 'Pests Gone By Friday' }],
    }),
    page('page-hosts-ended', 'hosts-ended', {
      name: { _type: 'slug', current: 'hosts-ended' },
      stop: '2026-01-01T00:00:00Z',
      arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: 'Never Shown Again' }],
    }),
  )
  lake = await startLocalLake({ documents, port: LAKE_PORT })
  const env = { NEXT_PUBLIC_SANITY_PROJECT_ID: 'standin', NEXT_PUBLIC_SANITY_DATASET: 'production', SANITY_API_HOST: lake.url }
  await Promise.all(HOSTS.map(async (host) => sites.set(host.name, await startSite(host.port, env, host.server))))
  await Promise.all(HOSTS.map(async (host) => caches.set(host.name, await startVarnish(host.varnishPort, host.port))))
}, 120_000)

afterAll(async () => {
  await Promise.all([...caches.values()].map((cache) => cache.stop()))
  await Promise.all([...sites.values()].map((site) => site.stop()))
  await lake?.close()
})

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]
const armOf = (html: string) => /data-call-arm="([^"]*)"/.exec(html)?.[1] ?? ''
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]!
/** The HTML a visitor sees, scripts aside: the flight data also carries the not-found page Next keeps ready (Site settings' number). */
const visible = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')


const headerRows: string[] = []
function row(host: string, what: string, response: Response) {
  const setCookie = response.headers.get('set-cookie')
  const cell = (name: string) => response.headers.get(name) ?? '–'
  headerRows.push(`| ${host} | ${what} | ${cell('cache-control')} | ${cell('cdn-cache-control')} | ${cell('vary')} | ${setCookie ? setCookie.split(';')[0]!.replace(/\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/, '.<id>.<signature>') : '–'} |`)
}

afterAll(() => {
  console.log(['| host | answer | Cache-Control | CDN-Cache-Control | Vary | Set-Cookie |', '| --- | --- | --- | --- | --- | --- |', ...headerRows].join('\n'))
})

describe.each(HOSTS)('on $name', (host) => {
  /**
   * An answer for this visitor only: CDN-Cache-Control / Surrogate-Control no-store on both hosts (set by the
   * request hook; Next keeps them) and a private Cache-Control, which is what nginx and Varnish read.
   */
  function expectPrivate(response: Response, why: 'sets a cookie' | 'shaped by a cookie') {
    expect(response.headers.get('cdn-cache-control')).toBe('no-store')
    expect(response.headers.get('surrogate-control')).toBe('no-store')
    expect(response.headers.get('cache-control')).toBe(why === 'sets a cookie' ? 'private, no-store' : 'private, no-cache')
  }
  const base = () => sites.get(host.name)!.url
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base()}${path}`, { headers: { 'user-agent': PHONE_UA, ...headers } })

  it('splits 1,000 first visits by weight (70/30 ± 5 %), each with a private answer that sets the version cookie', async () => {
    // The lake's pages reach the request hook's lists within their refresh.
    await waitFor(() => get('/hosts-ab').then((response) => response.headers.get('set-cookie')), Boolean, 60_000, 250)
    const arms: string[] = []
    for (let start = 0; start < 1000; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await get('/hosts-ab?gclid=x')
          const arm = armOf(await response.text())
          expect(cookieOf(response)).toBe(signedArmCookie(TEST_NAME, arm!, cookieOf(response).split('.')[1]))
          expectPrivate(response, 'sets a cookie')
          return arm
        }),
      )
      arms.push(...batch)
    }
    const a = arms.filter((arm) => arm === 'a').length
    console.log(`${host.name}: 1,000 first visits split a ${a} / b ${1000 - a} (weights 70/30)`)
    expect(Math.abs(a / 1000 - 0.7)).toBeLessThanOrEqual(0.05)
    row(host.name, 'test page, first visit', await get('/hosts-ab'))
  }, 120_000)

  it('keeps a visitor’s version with no new cookie; a crawler sees the control and gets no cookie', async () => {
    const first = await get('/hosts-ab')
    const cookie = cookieOf(first)
    const arm = armOf(await first.text())
    for (let visit = 0; visit < 3; visit++) {
      const again = await get('/hosts-ab', { cookie })
      expect(again.headers.get('set-cookie')).toBeNull()
      expectPrivate(again, 'shaped by a cookie')
      expect(armOf(await again.text())).toBe(arm)
      if (visit === 0) row(host.name, 'test page, returning visitor', again)
    }
    const b = await get('/hosts-ab', { cookie: signedArmCookie(TEST_NAME, 'b') })
    expect(h1(await b.text())).toBe('Pests Gone By Friday')
    const crawler = await get('/hosts-ab', { 'user-agent': CRAWLER_UA })
    expect(crawler.headers.get('set-cookie')).toBeNull()
    // Never for a shared cache: kept under the page's address, first visitors would get the control without a cookie.
    expect(crawler.headers.get('cdn-cache-control')).toBe('no-store')
    row(host.name, 'test page, crawler (the control)', crawler)
    expect(h1(await crawler.text())).toBe(controlTitle)
  })

  it('serves an ended test’s page to everyone, a kept version included, with no cookie', async () => {
    for (const cookie of ['', signedArmCookie('hosts-ended', 'b')]) {
      const response = await get('/hosts-ended', cookie ? { cookie } : {})
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(h1(await response.text())).toBe(controlTitle)
    }
  })

  it('shows the campaign’s number on the landing and on the next page, and another campaign clears it', async () => {
    const landing = await get('/ants?utm_campaign=termites-fall&utm_source=google')
    const kept = cookieOf(landing)
    expect(kept).toBe('lpe_src=campaign%3Atermites-fall')
    expectPrivate(landing, 'sets a cookie')
    row(host.name, 'campaign landing', landing)
    expect(visible(await landing.text())).toContain(formatUsPhone(CAMPAIGN_NUMBER))
    const later = await get('/bed-bugs', { cookie: kept })
    row(host.name, 'later page of the campaign', later)
    expect(later.headers.get('set-cookie')).toBeNull()
    expectPrivate(later, 'shaped by a cookie')
    const laterHtml = visible(await later.text())
    expect(laterHtml).toContain(formatUsPhone(CAMPAIGN_NUMBER))
    expect(laterHtml).not.toContain(formatUsPhone(siteNumber))
    const other = await get('/bed-bugs?utm_campaign=spring', { cookie: kept })
    expect(other.headers.get('set-cookie')).toMatch(/^lpe_src=; Path=\/; Max-Age=0/)
    const otherHtml = visible(await other.text())
    expect(otherHtml).toContain(formatUsPhone(siteNumber))
    expect(otherHtml).not.toContain(formatUsPhone(CAMPAIGN_NUMBER))
    const plain = await get('/bed-bugs')
    row(host.name, 'plain page', plain)
    expect(plain.headers.get('set-cookie')).toBeNull()
    expect(plain.headers.get('cache-control') ?? '').toMatch(/s-maxage=\d+/)
    expect(plain.headers.get('cache-control') ?? '').not.toMatch(/private|no-store/)
    expect(plain.headers.get('cdn-cache-control')).toBeNull()
  })

  describe('behind Varnish (a shared cache, built-in rules)', () => {
    const fetchCached = (path: string, headers: Record<string, string> = {}) => fetch(`${caches.get(host.name)!.url}${path}`, { headers: { 'user-agent': PHONE_UA, ...headers } })
    /** Varnish names two transactions in X-Varnish on a hit (this request's and the stored object's). */
    const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2

    it('answers a plain page from its cache for the second visitor', async () => {
      await (await fetchCached('/bed-bugs')).text()
      const second = await fetchCached('/bed-bugs')
      expect(isHit(second)).toBe(true)
      expect(visible(await second.text())).toContain(formatUsPhone(siteNumber))
    })

    it('never gives one visitor another’s version, campaign number or cookie', async () => {
      const leaks: string[] = []
      const cookies = new Set<string>()
      let hits = 0
      const cached = async (path: string, headers: Record<string, string> = {}) => {
        const response = await fetchCached(path, headers)
        if (isHit(response)) hits++
        return response
      }
      for (let visitor = 0; visitor < 20; visitor++) {
        const first = await cached('/hosts-ab')
        const cookie = cookieOf(first)
        if (!cookie || cookies.has(cookie)) leaks.push(`first visit ${visitor} got ${cookie || 'no cookie'}`)
        cookies.add(cookie)
        const arm = armOf(await first.text())
        const again = await cached('/hosts-ab', { cookie })
        if (armOf(await again.text()) !== arm) leaks.push(`visitor ${visitor} lost version ${arm}`)
        const landing = await cached('/ants?utm_campaign=termites-fall')
        if (cookieOf(landing) !== 'lpe_src=campaign%3Atermites-fall') leaks.push(`landing ${visitor} without its campaign cookie`)
        await landing.arrayBuffer()
        const clean = await cached('/ants')
        if (clean.headers.get('set-cookie') || visible(await clean.text()).includes(formatUsPhone(CAMPAIGN_NUMBER))) leaks.push(`clean visitor ${visitor} got the campaign`)
      }
      console.log(`${host.name} behind Varnish: 80 requests of 20 visitors, ${hits} answered from the cache (clean visits of a plain page), ${leaks.length} cross-visitor leaks`)
      expect(leaks).toEqual([])
      // The cache did serve what is the same for everyone (the clean visits of /ants), so 0 leaks is not from caching nothing.
      expect(hits).toBeGreaterThan(0)
    })
  })
})
