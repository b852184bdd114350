import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { formatUsPhone } from '../../web/lib/phone'
import { startNginx, type Nginx } from '../support/cluster'
import { mulberry32 } from '../support/seededRandom'
import { startVarnish, type Varnish } from '../support/varnish'
import { waitFor } from '../support/waitFor'
import { signedArmCookie, startSite, type NextServer } from './nextServer'

/**
 * The site behind the shared caches operators put in front of it, each run exactly as shipped or as Debian
 * ships it: nginx `proxy_cache` (deploy/nginx.conf), Varnish with deploy/varnish.vcl, and Varnish with its
 * built-in VCL, in front of `npm start` (the front and Next) and of plain `next start`. Through each, 400
 * mixed requests (first visits to a page with a running A/B test, both versions returning, campaign landings
 * and their next pages, Texas visitors, crawlers, client navigations with `RSC: 1` and `_rsc`, prefetches):
 * no answer carries another visitor's version, number or cookie, and plain pages are cache hits after the
 * first. Then a publish through the signed webhook: it shows through the purged Varnish within 5 s and
 * through nginx within its short shared lifetime, and an untouched page stays a hit. Cloudflare and Fastly
 * are loopback stand-ins speaking their purge APIs. Prints the leak/hit table and the publish times.
 */
const LAKE_PORT = 4393
const SECRET = 'shared-caches-secret'
const TEST_NAME = 'edge-headline'
const B_TITLE = 'Pests Gone By Friday'
const CAMPAIGN_NUMBER = '+12145550177'
const TEXAS_NUMBER = '+12145550188'
const DALLAS = '1026339'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
/** The shared lifetime of a plain page for caches a publish cannot purge (the default of SHARED_CACHE_TTL_SECONDS). */
const SHORT_TTL_S = 5
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY'

const HOSTS = [
  { name: 'npm start', server: 'site' as const, port: 3193, nginx: 6493, varnish: 6395, builtin: 6397 },
  { name: 'next start', server: 'next' as const, port: 3194, nginx: 6494, varnish: 6396, builtin: 6398 },
]
type Host = (typeof HOSTS)[number]
type CacheName = 'nginx (shipped)' | 'Varnish (shipped VCL)' | 'Varnish (built-in VCL)'
const CACHES: CacheName[] = ['nginx (shipped)', 'Varnish (shipped VCL)', 'Varnish (built-in VCL)']

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

let lake: LocalLake
let apiStandIn: http.Server
const purgeCalls: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = []
const sites = new Map<string, NextServer>()
const nginxes = new Map<string, Nginx>()
const varnishes = new Map<string, { shipped: Varnish; builtin: Varnish }>()
let siteNumber = ''
/** The `_rsc` value Next expects for a client navigation and for a prefetch (it redirects any other to it): visitors share these addresses. */
const rscQuery = { navigation: '', prefetch: '' }
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
let tlsAgent: https.Agent

beforeAll(async () => {
  const documents = bundledDocuments().map((doc) => structuredClone(doc))
  const v2 = documents.find((doc) => doc._id === 'page-v2')!
  const settings = documents.find((doc) => doc._id === 'siteSettings')!
  siteNumber = String(settings.phone)
  settings.trackingNumbers = [
    { _key: 'fall', _type: 'trackingNumberRule', match: 'campaign', value: 'termites-fall', phone: CAMPAIGN_NUMBER },
    { _key: 'tx', _type: 'trackingNumberRule', match: 'state', value: 'TX', phone: TEXAS_NUMBER },
  ]
  documents.push({
    ...structuredClone(v2),
    _id: 'page-edge-ab',
    slug: { _type: 'slug', current: 'edge-ab' },
    adInputs: [],
    experiment: {
      name: { _type: 'slug', current: TEST_NAME },
      arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: B_TITLE }],
    },
  })
  lake = await startLocalLake({ documents, port: LAKE_PORT })
  // Cloudflare's and Fastly's purge APIs, as documented: they record each call and answer as the providers do.
  apiStandIn = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      purgeCalls.push({ path: request.url!, headers: request.headers, body })
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(request.url!.startsWith('/cloudflare/') ? JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'purge-1' } }) : JSON.stringify({ status: 'ok' }))
    })
  })
  await new Promise<void>((resolve) => apiStandIn.listen(0, '127.0.0.1', resolve))
  const apiBase = `http://127.0.0.1:${(apiStandIn.address() as AddressInfo).port}`
  await Promise.all(
    HOSTS.map(async (host) => {
      const env = {
        ...siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' }),
        VARNISH_PURGE_URLS: `http://127.0.0.1:${host.varnish}`,
        CLOUDFLARE_ZONE_ID: ZONE,
        CLOUDFLARE_API_TOKEN: 'cloudflare-token',
        CLOUDFLARE_API_URL: `${apiBase}/cloudflare/client/v4`,
        FASTLY_SERVICE_ID: FASTLY_SERVICE,
        FASTLY_API_TOKEN: 'fastly-token',
        FASTLY_API_URL: `${apiBase}/fastly`,
      }
      sites.set(host.name, await startSite(host.port, env, host.server))
      const [nginx, shipped, builtin] = await Promise.all([
        startNginx(host.nginx, [host.port]),
        startVarnish(host.varnish, host.port, { shippedVcl: true }),
        startVarnish(host.builtin, host.port),
      ])
      nginxes.set(host.name, nginx)
      varnishes.set(host.name, { shipped, builtin })
    }),
  )
  tlsAgent = new https.Agent({ keepAlive: true, maxSockets: 16, ca: nginxes.get(HOSTS[0]!.name)!.ca })
  for (const [which, headers] of [['navigation', routerHeaders(false)], ['prefetch', routerHeaders(true)]] as const) {
    const redirect = await request(`${sites.get(HOSTS[0]!.name)!.url}/roaches`, headers)
    rscQuery[which] = new URL(String(redirect.headers.location), 'http://site.invalid').search
  }
}, 120_000)

afterAll(async () => {
  await Promise.all([...nginxes.values()].map((nginx) => nginx.stop()))
  await Promise.all([...varnishes.values()].flatMap(({ shipped, builtin }) => [shipped.stop(), builtin.stop()]))
  await Promise.all([...sites.values()].map((site) => site.stop()))
  await new Promise<void>((resolve) => apiStandIn?.close(() => resolve()))
  await lake?.close()
  agent.destroy()
  tlsAgent?.destroy()
})

/** What the browser's router sends for a client navigation from the home page, or a prefetch. */
const STATE_TREE = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, true]))
function routerHeaders(prefetch: boolean): Record<string, string> {
  return { rsc: '1', 'next-router-state-tree': STATE_TREE, ...(prefetch ? { 'next-router-prefetch': '1' } : {}) }
}

/** One request, no redirect followed; nginx over HTTPS with its own certificate (each nginx has its own: per-call CA). */
function request(url: string, headers: Record<string, string> = {}, init: { method?: string; body?: string; ca?: Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const options = { method: init.method ?? 'GET', headers: { 'user-agent': PHONE_UA, 'accept-encoding': 'identity', ...headers } }
    const done = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    }
    const outgoing = target.protocol === 'https:' ? https.request(target, { ...options, ca: init.ca, agent: false }, done) : http.request(target, { ...options, agent }, done)
    outgoing.on('error', reject)
    outgoing.end(init.body)
  })
}

function cacheUrl(host: Host, cache: CacheName): { base: string; ca?: Buffer } {
  if (cache === 'nginx (shipped)') return { base: nginxes.get(host.name)!.url, ca: nginxes.get(host.name)!.ca }
  const { shipped, builtin } = varnishes.get(host.name)!
  return { base: cache === 'Varnish (shipped VCL)' ? shipped.url : builtin.url }
}

/** Answered from the cache: nginx says so in X-Cache-Status (an expired copy answered while it refreshes too); Varnish names two transactions in X-Varnish. */
function isHit(cache: CacheName, answer: Answer): boolean {
  if (cache === 'nginx (shipped)') return ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'].includes(String(answer.headers['x-cache-status']))
  return String(answer.headers['x-varnish'] ?? '').trim().split(/\s+/).length === 2
}

const setCookieOf = (answer: Answer) => (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]!)
const armOf = (html: string) => /data-call-arm="([^"]*)"/.exec(html)?.[1] ?? ''
/** What a visitor reads: the HTML without scripts (the flight data also carries the not-found page Next keeps ready). */
const visible = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

/** One visitor's request and what only that visitor may get. */
interface Visit {
  kind: string
  path: string
  headers: Record<string, string>
  /** Whether the answer is the site's own business alone: 'plain' answers are the same for everyone and counted for hits. */
  plain?: boolean
  check: (answer: Answer) => string | null
}

/** 400 visits in a fixed pseudo-random order; each check names what this visitor got that was not theirs. */
function mixedVisits(count: number, seed: number, seenIds: Set<string>): Visit[] {
  const random = mulberry32(seed)
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const id = () => Array.from({ length: 22 }, () => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''))).join('')
  const campaign = formatUsPhone(CAMPAIGN_NUMBER)
  const texas = formatUsPhone(TEXAS_NUMBER)
  const noCookie = (answer: Answer) => (setCookieOf(answer).length > 0 ? `got a cookie: ${setCookieOf(answer).join(', ')}` : null)
  /** Plain visitors: the site's number, no campaign or Texas number, no Dallas line, the control version. */
  const plainHtml = (answer: Answer) => {
    const html = visible(answer.body)
    if (answer.status !== 200) return `status ${answer.status}`
    if (html.includes(campaign) || html.includes(texas)) return 'got a campaign or Texas number'
    if (html.includes('Dallas')) return 'got a Texas visitor’s location'
    if (!html.includes(formatUsPhone(siteNumber))) return 'lacks the site’s number'
    return noCookie(answer)
  }
  const rsc = routerHeaders
  const makers: (() => Visit)[] = [
    () => ({
      kind: 'first visit, A/B page',
      path: pick(['/edge-ab', '/edge-ab?gclid=Cj0KCQ']),
      headers: {},
      check: (answer) => {
        const cookies = setCookieOf(answer)
        const cookie = cookies.find((one) => one.startsWith(`lpe_ab_${TEST_NAME}=`))
        if (!cookie) return `no version cookie (${cookies.join(', ') || 'none'})`
        const value = cookie.split('=')[1]!
        if (seenIds.has(value)) return `another visitor's cookie ${value}`
        seenIds.add(value)
        if (armOf(answer.body) !== value.split('.')[0]) return `version ${armOf(answer.body)} under cookie ${value}`
        return null
      },
    }),
    ...(['a', 'b'] as const).map((arm) => () => ({
      kind: `returning version ${arm}`,
      path: '/edge-ab',
      headers: { cookie: `${signedArmCookie(TEST_NAME, arm, id())}; _ga=GA1.1.${Math.floor(random() * 1e9)}` },
      check: (answer: Answer) => (armOf(answer.body) !== arm ? `got version ${armOf(answer.body) || 'none'}` : (h1(answer.body) === B_TITLE) !== (arm === 'b') ? `got the headline ${h1(answer.body)}` : noCookie(answer)),
    })),
    () => ({
      kind: 'campaign landing',
      path: pick(['/ants?utm_campaign=termites-fall&utm_source=google', `/roaches?utm_campaign=termites-fall&gclid=${id()}`]),
      headers: {},
      check: (answer) => {
        if (!setCookieOf(answer).includes('lpe_src=campaign%3Atermites-fall')) return `no campaign cookie (${setCookieOf(answer).join(', ') || 'none'})`
        return visible(answer.body).includes(campaign) ? null : 'lacks the campaign’s number'
      },
    }),
    () => ({
      kind: 'campaign, next page',
      path: pick(['/bed-bugs', '/roaches', '/']),
      headers: { cookie: 'lpe_src=campaign%3Atermites-fall' },
      check: (answer) => (!visible(answer.body).includes(campaign) ? 'lacks the campaign’s number' : visible(answer.body).includes(formatUsPhone(siteNumber)) ? 'got the site’s number' : noCookie(answer)),
    }),
    () => ({
      kind: 'Texas visitor',
      path: `/?loc_physical_ms=${DALLAS}`,
      headers: {},
      check: (answer) => (!visible(answer.body).includes('Dallas') ? 'lacks its Dallas line' : !visible(answer.body).includes(texas) ? 'lacks the Texas number' : noCookie(answer)),
    }),
    () => ({
      kind: 'crawler',
      path: pick(['/edge-ab', '/ants']),
      headers: { 'user-agent': CRAWLER_UA },
      check: (answer) => (h1(answer.body) === B_TITLE ? 'got version b' : noCookie(answer)),
    }),
    ...Array.from({ length: 3 }, () => () => ({
      kind: 'plain visitor',
      path: pick(['/', '/ants', '/roaches', '/bed-bugs', '/v2']),
      headers: {},
      plain: true,
      check: plainHtml,
    })),
    ...([false, true] as const).flatMap((prefetch) => [
      ...(['a', 'b'] as const).map((arm) => () => ({
        kind: `${prefetch ? 'prefetch' : 'client navigation'}, version ${arm}`,
        path: `/edge-ab${rscQuery[prefetch ? 'prefetch' : 'navigation']}`,
        headers: { ...rsc(prefetch), cookie: signedArmCookie(TEST_NAME, arm, id()) },
        check: (answer: Answer) => (answer.body.includes(B_TITLE) !== (arm === 'b') ? `got the other version's payload` : noCookie(answer)),
      })),
      () => ({
        kind: `${prefetch ? 'prefetch' : 'client navigation'}, campaign`,
        path: `/bed-bugs${rscQuery[prefetch ? 'prefetch' : 'navigation']}`,
        headers: { ...rsc(prefetch), cookie: 'lpe_src=campaign%3Atermites-fall' },
        check: (answer: Answer) => (!answer.body.includes(campaign) ? 'lacks the campaign’s number' : noCookie(answer)),
      }),
      () => ({
        kind: `${prefetch ? 'prefetch' : 'client navigation'}, plain`,
        path: `${pick(['/roaches', '/bed-bugs', '/ants'])}${rscQuery[prefetch ? 'prefetch' : 'navigation']}`,
        headers: rsc(prefetch),
        check: (answer: Answer) => (answer.body.includes(campaign) || answer.body.includes(texas) || answer.body.includes(B_TITLE) ? 'got another visitor’s payload' : noCookie(answer)),
      }),
      () => ({
        kind: `${prefetch ? 'prefetch' : 'client navigation'}, Texas`,
        path: `/?loc_physical_ms=${DALLAS}&${rscQuery[prefetch ? 'prefetch' : 'navigation'].slice(1)}`,
        headers: rsc(prefetch),
        check: (answer: Answer) => (!answer.body.includes(texas) ? 'lacks the Texas number' : noCookie(answer)),
      }),
    ]),
    () => ({
      kind: 'client navigation without _rsc (redirect), version b',
      path: '/edge-ab',
      headers: { rsc: '1', cookie: signedArmCookie(TEST_NAME, 'b', id()) },
      check: (answer) => (answer.status >= 300 && answer.status < 400 ? noCookie(answer) : answer.body.includes(B_TITLE) ? noCookie(answer) : 'got the other version'),
    }),
  ]
  return Array.from({ length: count }, () => pick(makers)())
}

interface Tally {
  host: string
  cache: CacheName
  requests: number
  leaks: string[]
  plain: number
  plainHits: number
  plainUrls: number
  otherHits: number
}
const tallies: Tally[] = []
const publishRows: string[] = []
const headerRows: string[] = []

afterAll(() => {
  console.log(
    [
      '| host | cache | requests | leaks | plain-page requests | hits among them | distinct plain addresses | other answers from the cache |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...tallies.map((t) => `| ${t.host} | ${t.cache} | ${t.requests} | ${t.leaks.length} | ${t.plain} | ${t.plainHits} | ${t.plainUrls} | ${t.otherHits} |`),
    ].join('\n'),
  )
  console.log(publishRows.join('\n'))
  console.log(['| host | answer | Cache-Control | Surrogate-Control | Surrogate-Key | Set-Cookie |', '| --- | --- | --- | --- | --- | --- |', ...headerRows].join('\n'))
})

async function sendWebhook(host: Host, document: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(document)
  const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
  const answer = await request(`${sites.get(host.name)!.url}/api/revalidate`, { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature }, { method: 'POST', body })
  return answer.status
}

describe.each(HOSTS)('behind shared caches: $name', (host) => {
  const origin = (path: string, headers: Record<string, string> = {}) => request(`${sites.get(host.name)!.url}${path}`, headers)

  it('says private on everything a cookie shaped or that sets one (HTML, RSC, prefetch, redirect); plain pages carry their content tags', async () => {
    // The lake's pages reach the request hook's lists within their refresh.
    await waitFor(() => origin('/edge-ab').then((answer) => setCookieOf(answer).length > 0), Boolean, 60_000, 250)
    const b = signedArmCookie(TEST_NAME, 'b')
    const row = (what: string, answer: Answer) => {
      const cell = (name: string) => String(answer.headers[name] ?? '–')
      headerRows.push(`| ${host.name} | ${what} | ${cell('cache-control')} | ${cell('surrogate-control')} | ${cell('surrogate-key')} | ${setCookieOf(answer).map((c) => c.replace(/\.[A-Za-z0-9_-]{22}$/, '.<id>')).join(', ') || '–'} |`)
    }
    const privately: [string, string, Record<string, string>][] = [
      ['A/B page, first visit', '/edge-ab', {}],
      ['A/B page, version b returning', '/edge-ab', { cookie: b }],
      ['A/B page, crawler', '/edge-ab', { 'user-agent': CRAWLER_UA }],
      ['client navigation, version b', `/edge-ab${rscQuery.navigation}`, { ...routerHeaders(false), cookie: b }],
      ['prefetch, version b', `/edge-ab${rscQuery.prefetch}`, { ...routerHeaders(true), cookie: b }],
      ['client navigation, first visit', `/edge-ab${rscQuery.navigation}`, routerHeaders(false)],
      ['redirect (RSC without _rsc), version b', '/edge-ab', { rsc: '1', cookie: b }],
      ['campaign landing', '/ants?utm_campaign=termites-fall', {}],
      ['campaign, next page', '/bed-bugs', { cookie: 'lpe_src=campaign%3Atermites-fall' }],
      ['campaign, next page (RSC)', `/bed-bugs${rscQuery.navigation}`, { ...routerHeaders(false), cookie: 'lpe_src=campaign%3Atermites-fall' }],
    ]
    for (const [what, path, headers] of privately) {
      const answer = await origin(path, headers)
      row(what, answer)
      expect(answer.status, what).toBe(what.startsWith('redirect') ? 307 : 200)
      expect(String(answer.headers['cache-control']), what).toMatch(/^private, no-(?:store|cache)$/)
      expect(answer.headers['surrogate-control'], what).toBe('no-store')
    }
    for (const [what, path, headers] of [['plain page', '/roaches', {}], ['plain page (RSC)', `/roaches${rscQuery.navigation}`, routerHeaders(false)], ['Texas visitor', `/?loc_physical_ms=${DALLAS}`, {}]] as const) {
      const answer = await origin(path, headers)
      row(what, answer)
      expect(answer.headers['set-cookie'], what).toBeUndefined()
      expect(answer.headers['cache-control'], what).toBe(`public, max-age=0, s-maxage=${SHORT_TTL_S}, stale-while-revalidate=30`)
      // Varnish (shipped VCL) and Fastly keep it until a publish purges these keys; Cloudflare reads its own field.
      expect(answer.headers['surrogate-control'], what).toBe('max-age=31536000')
      expect(answer.headers['cloudflare-cdn-cache-control'], what).toBe('max-age=31536000')
    }
    const roaches = await origin('/roaches')
    expect(String(roaches.headers['surrogate-key']).split(' ').sort()).toEqual(['faq', 'pest', 'siteSettings', 'slug:roaches'])
    expect(roaches.headers['cache-tag']).toBe(String(roaches.headers['surrogate-key']).replaceAll(' ', ','))
    expect(String((await origin('/')).headers['surrogate-key'])).toMatch(/\bslug:home\b|\bslug:[a-z0-9-]+\b/)
    expect(String((await origin('/no-such-page')).headers['surrogate-key']).split(' ').sort()).toEqual(['routes', 'siteSettings'])
  })

  it.each(CACHES)('through %s: 400 mixed requests, no visitor gets another’s version, number or cookie; plain pages are hits after the first', async (cache) => {
    const { base, ca } = cacheUrl(host, cache)
    const seenIds = new Set<string>()
    const visits = mixedVisits(400, host.port * 7 + CACHES.indexOf(cache), seenIds)
    const tally: Tally = { host: host.name, cache, requests: visits.length, leaks: [], plain: 0, plainHits: 0, plainUrls: 0, otherHits: 0 }
    const plainUrls = new Set<string>()
    let next = 0
    const worker = async () => {
      while (next < visits.length) {
        const visit = visits[next++]!
        const answer = await request(`${base}${visit.path}`, visit.headers, { ca })
        const problem = visit.check(answer)
        if (problem) tally.leaks.push(`${visit.kind} ${visit.path}: ${problem}`)
        if (visit.plain) {
          tally.plain++
          plainUrls.add(visit.path)
          if (isHit(cache, answer)) tally.plainHits++
        } else if (isHit(cache, answer)) tally.otherHits++
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    tally.plainUrls = plainUrls.size
    tallies.push(tally)
    if (tally.leaks.length > 0) console.log(`${host.name} / ${cache}: ${tally.leaks.length} leaks, e.g.\n  ${[...new Set(tally.leaks)].slice(0, 12).join('\n  ')}`)
    expect(tally.leaks.slice(0, 10)).toEqual([])
    // Every plain address is fetched once, then answered from the cache (a copy that expired is answered
    // once more while it refreshes: still a hit).
    expect(tally.plainHits).toBeGreaterThanOrEqual(tally.plain - tally.plainUrls)
  }, 60_000)

  it('a publish shows through the purged Varnish within 5 s and through nginx within its short lifetime; an untouched page stays a hit', async () => {
    const varnish = varnishes.get(host.name)!.shipped.url
    const { base: nginx, ca } = cacheUrl(host, 'nginx (shipped)')
    for (const base of [varnish, nginx, varnishes.get(host.name)!.builtin.url]) {
      for (const path of ['/ants', '/roaches']) await request(`${base}${path}`, {}, { ca })
    }
    expect(isHit('Varnish (shipped VCL)', await request(`${varnish}/ants`))).toBe(true)
    const title = `Ants Gone at the Edge (${host.name})`
    ;(lake.documents.get('pestPage-ants')!.hero as { title: string }).title = title
    purgeCalls.length = 0
    const started = performance.now()
    expect(await sendWebhook(host, { _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' })).toBe(200)
    const seenAfter = (base: string, boundMs: number) =>
      waitFor(
        async () => (h1((await request(`${base}/ants`, {}, { ca })).body) === title ? performance.now() - started : null),
        (elapsed) => elapsed !== null,
        boundMs,
        100,
      )
    const builtin = varnishes.get(host.name)!.builtin.url
    const [throughVarnish, throughNginx, throughBuiltin] = await Promise.all([seenAfter(varnish, 5_000), seenAfter(nginx, (SHORT_TTL_S + 2) * 1000), seenAfter(builtin, (SHORT_TTL_S + 7) * 1000)])
    // The page the change did not touch was not purged.
    const roaches = await request(`${varnish}/roaches`)
    expect(isHit('Varnish (shipped VCL)', roaches)).toBe(true)
    expect(h1(roaches.body)).toBe('Cockroach Exterminator')
    expect(isHit('nginx (shipped)', await request(`${nginx}/roaches`, {}, { ca }))).toBe(true)
    // Cloudflare's and Fastly's stand-ins were asked to purge exactly the changed document's tags.
    const cloudflare = purgeCalls.find((call) => call.path === `/cloudflare/client/v4/zones/${ZONE}/purge_cache`)
    expect(cloudflare?.headers.authorization).toBe('Bearer cloudflare-token')
    expect(JSON.parse(cloudflare!.body)).toEqual({ tags: ['slug:ants', 'routes'] })
    const fastly = purgeCalls.find((call) => call.path === `/fastly/service/${FASTLY_SERVICE}/purge`)
    expect(fastly?.headers['fastly-key']).toBe('fastly-token')
    expect(fastly?.headers['surrogate-key']).toBe('slug:ants routes')
    publishRows.push(
      `${host.name}: publish → new H1 through Varnish (shipped VCL, BAN by Surrogate-Key) ${Math.round(throughVarnish!)} ms; through nginx (s-maxage=${SHORT_TTL_S}, stale-while-revalidate) ${Math.round(throughNginx!)} ms; through Varnish (built-in VCL, no purge) ${throughBuiltin === null ? 'not within 12 s' : `${Math.round(throughBuiltin)} ms`}; untouched /roaches still a Varnish hit`,
    )
    expect(throughVarnish, 'through the purged Varnish').not.toBeNull()
    expect(throughVarnish!).toBeLessThan(5_000)
    // nginx cannot be purged: the new page shows within its shared lifetime and the one request that refreshes it.
    expect(throughNginx, 'through nginx').not.toBeNull()
    expect(throughNginx!).toBeLessThan((SHORT_TTL_S + 2) * 1000)
  }, 30_000)
})
