import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server.ts'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv.ts'
import { verifiedEnrollment, type Enrollment } from '../../web/lib/personalization/enrollment.ts'
import { bundledDocuments } from '../../web/lib/sanity/localDataset.ts'
import { startSite, TEST_SITE_SECRET, type NextServer } from '../e2e/nextServer.ts'

/**
 * An A/B test at a site's pace, shared by tests/e2e/abPace.e2e.ts (quiet spells a few times the content
 * re-read interval it sets short) and `npm run bench:ab-pace` (the real 30 s interval and 30–40 s of quiet):
 * a page runs a 50/50 test on `npm start` (the front and Next) and on plain `next start` (the request hook
 * alone), both on the production build with content from the local Content Lake.
 */
export const TEST_NAME = 'pace-headline'
export const PAGE = '/pace-ab'
const SECRET = 'pace-webhook-secret'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

export interface PaceHost {
  name: string
  server: 'site' | 'next'
  port: number
}

export interface PaceSites {
  lake: LocalLake
  sites: Map<string, NextServer>
  close(): Promise<void>
}

export interface Visit {
  status: number
  cookie: string
  enrollment: Enrollment | undefined
  cache: string | null
}

/** The lake with the test page, and each host on it; `env` is added to the hosts' environment. */
export async function startPaceSites(lakePort: number, hosts: readonly PaceHost[], env: Record<string, string> = {}): Promise<PaceSites> {
  const documents = bundledDocuments().map((doc) => structuredClone(doc))
  const v2 = documents.find((doc) => doc._id === 'page-v2')!
  documents.push({
    ...structuredClone(v2),
    _id: 'page-pace-ab',
    slug: { _type: 'slug', current: 'pace-ab' },
    adInputs: [],
    experiment: { name: { _type: 'slug', current: TEST_NAME }, arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday' }] },
  })
  const lake = await startLocalLake({ documents, port: lakePort })
  const siteEnv = { ...siteEnvOnLake({ port: lakePort, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' }), ...env }
  const sites = new Map<string, NextServer>()
  await Promise.all(hosts.map(async (host) => sites.set(host.name, await startSite(host.port, siteEnv, host.server))))
  return {
    lake,
    sites,
    async close() {
      await Promise.all([...sites.values()].map((site) => site.stop()))
      await lake.close()
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One request as a browser (or a crawler) makes it; the version cookie it was given, checked against the site's secret. */
export async function visit(base: string, path: string, userAgent = PHONE_UA): Promise<Visit> {
  const response = await fetch(`${base}${path}`, { headers: { 'user-agent': userAgent } })
  await response.arrayBuffer()
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
  const [name, value] = cookie.split('=') as [string, string | undefined]
  const enrollment = name === `lpe_ab_${TEST_NAME}` ? verifiedEnrollment(TEST_NAME, value, TEST_SITE_SECRET) : undefined
  return { status: response.status, cookie, enrollment, cache: response.headers.get('x-page-cache') }
}

/**
 * The scenario on one host: once the test reaches it, a crawler twice (the control, no cookie), quiet,
 * two first visits, quiet, a crawler, quiet, two first visits (every layer's copies and lists have
 * lapsed, a crawler was answered meanwhile), then 200 first visits, 20 at a time. `quietMs` are the
 * three quiet spells; `crawlerCookies` are what the three crawler visits were given.
 */
export async function paceScenario(base: string, quietMs: readonly [number, number, number]) {
  for (let tries = 0; !(await visit(base, PAGE)).enrollment; tries++) {
    if (tries > 120) throw new Error(`${base}: the test never started`)
    await sleep(500)
  }
  const crawlerCookies = [(await visit(base, PAGE, CRAWLER_UA)).cookie, (await visit(base, PAGE, CRAWLER_UA)).cookie]
  await sleep(quietMs[0])
  const early = [await visit(base, `${PAGE}?gclid=early1`), await visit(base, `${PAGE}?gclid=early2`)]
  await sleep(quietMs[1])
  crawlerCookies.push((await visit(base, PAGE, CRAWLER_UA)).cookie)
  await sleep(quietMs[2])
  const late = [await visit(base, `${PAGE}?gclid=late1`), await visit(base, `${PAGE}?gclid=late2`)]
  const burst: Visit[] = []
  for (let start = 0; start < 200; start += 20) burst.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => visit(base, `${PAGE}?gclid=burst${start + i}`)))))
  return { crawlerCookies, early, late, burst }
}

/** What a burst gave: signed cookies, how many were version a, how many came from the front's page copies. */
export function burstFigures(burst: readonly Visit[]) {
  const signed = burst.filter((answer) => answer.enrollment)
  return { signed: signed.length, a: signed.filter((answer) => answer.enrollment!.arm === 'a').length, hits: burst.filter((answer) => answer.cache === 'hit').length }
}

/** Ends the test as the Studio does (the stop published on the lake), and sends Sanity's signed webhook to the host. */
export async function endTest(lake: LocalLake, base: string): Promise<Response> {
  const doc = lake.documents.get('page-pace-ab')!
  ;(doc.experiment as Record<string, unknown>).stop = new Date(Date.now() - 60_000).toISOString()
  const body = JSON.stringify({ _type: 'page', _id: 'page-pace-ab', slug: 'pace-ab' })
  const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
  return fetch(`${base}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature }, body })
}
