import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteExperimentVisitors } from '../../web/lib/taps/experimentVisitors'
import type { CallsReport } from '../../web/lib/campaigns/report'
import { sqliteCallLog } from '../../web/lib/taps/store'
import type { CallTap } from '../../web/lib/taps/tap'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { launchBrowser, VIEWPORTS } from './browser'
import { waitFor } from '../support/waitFor'
import { startSite, type NextServer } from './nextServer'

/**
 * The Studio's Calls report (`GET /api/calls/report`) against `npm start`, with the site configured
 * for a Sanity project whose API is the loopback Content Lake stand-in: the editor's token is checked
 * with the stand-in's `users/me` (Sanity's wire format). Anonymous and forged tokens are refused; a
 * valid one gets aggregates (taps per day × page × keyword × arm × number, visitors and taps per arm,
 * the verdict) and never a tap.
 *
 * And numbers that cannot be forged or polluted, on a page of the lake with a running A/B test: a tap
 * records the version of the visitor's own cookie and only the site's numbers; cookie-less clients and
 * crawlers add no visitor; a visitor who taps five times is one converting visitor; a flood from one
 * network's addresses (real loopback source addresses) leaves a visitor on another network its tap;
 * `npm run calls:report -- --json` prints what the Calls tool shows.
 */
const LAKE_PORT = 4357
const SITE_PORT = 3167
const EDITOR_TOKEN = 'sk-editor-token-for-the-calls-report'
const TRACKING_NUMBER = '+12125550101'
const folder = mkdtempSync(path.join(tmpdir(), 'calls-report-e2e-'))
const callLogFile = path.join(folder, 'calls.sqlite')

let lake: LocalLake
let site: NextServer
let browser: Browser

function tap(overrides: Partial<CallTap>): CallTap {
  const today = new Date().toISOString()
  return { at: today, page: '/', source: 'hero-button', keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false, ...overrides }
}

/** A page of the lake with a running 50/50 test. */
const TEST_PAGE = '/trust-test'
const TEST_NAME = 'trust-headline'

beforeAll(async () => {
  // A running experiment: taps in the call log, visitors and converting visitors counted per version.
  const log = sqliteCallLog(callLogFile)
  for (let i = 0; i < 20; i++) await log.record(tap({ experiment: 'hero-headline', arm: 'A', keyword: 'Termite Control' }))
  for (let i = 0; i < 27; i++) await log.record(tap({ experiment: 'hero-headline', arm: 'B', keyword: 'Termite Control', number: TRACKING_NUMBER }))
  const visitors = sqliteExperimentVisitors(callLogFile)
  const experiment = { name: 'hero-headline', arms: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] }
  for (const [arm, count, converters] of [['A', 400, 18], ['B', 410, 24]] as const) {
    for (let i = 0; i < count; i++) {
      await visitors.seen({ experiment, arm, visitor: `${arm}-${i}` })
      if (i < converters) await visitors.tapped({ experiment, arm, visitor: `${arm}-${i}` })
    }
  }

  const documents = bundledDocuments()
  const v2 = structuredClone(documents.find((doc) => doc._id === 'page-v2')!)
  documents.push({
    ...v2,
    _id: 'page-trust-test',
    slug: { _type: 'slug', current: TEST_PAGE.slice(1) },
    adInputs: [],
    experiment: { name: { _type: 'slug', current: TEST_NAME }, arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday' }] },
  })
  lake = await startLocalLake({ documents, port: LAKE_PORT })
  lake.users.set(EDITOR_TOKEN, { id: 'pEditor1', name: 'Edna Editor', email: 'edna@example.com' })
  ;[site, browser] = await Promise.all([
    startSite(SITE_PORT, {
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'standin',
      NEXT_PUBLIC_SANITY_DATASET: 'production',
      SANITY_API_HOST: lake.url,
      CALL_LOG_FILE: callLogFile,
    }),
    launchBrowser(),
  ])
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await lake?.close()
  rmSync(folder, { recursive: true, force: true })
})

const report = (headers: Record<string, string> = {}) => fetch(`${site.url}/api/calls/report`, { headers })
const usersMeAsked = () => lake.requests.filter((request) => /^GET \S*\/v[^/]+\/users\/me$/.test(request)).length

describe('the Calls report', () => {
  it('refuses anonymous requests without asking anyone', async () => {
    const before = usersMeAsked()
    const anonymous: Record<string, string>[] = [{}, { authorization: 'Basic ZWRpdG9yOnNlY3JldA==' }, { authorization: 'Bearer ' }]
    for (const headers of anonymous) {
      const response = await report(headers)
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(Object.keys(await response.json())).toEqual(['message'])
    }
    expect(usersMeAsked()).toBe(before)
  })

  it('refuses a forged token after asking the Content Lake who it is', async () => {
    const before = usersMeAsked()
    const response = await report({ authorization: 'Bearer sk-forged-token' })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: expect.stringMatching(/not valid/) })
    expect(usersMeAsked()).toBe(before + 1)
  })

  it('gives a Studio user aggregates: visitors and taps per arm with the verdict, taps per day × page × keyword × arm × number', async () => {
    const response = await report({ authorization: `Bearer ${EDITOR_TOKEN}` })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as CallsReport
    expect(body.experiments).toEqual([
      expect.objectContaining({
        experiment: 'hero-headline',
        arms: [
          expect.objectContaining({ arm: 'A', weight: 50, visitors: 400, converters: 18, taps: 18 }),
          expect.objectContaining({ arm: 'B', weight: 50, visitors: 410, converters: 24, taps: 24 }),
        ],
        botsExcluded: 0,
        verdict: expect.objectContaining({ leader: 'B', conclusive: false, method: 'mSPRT', srm: expect.objectContaining({ fired: false }), text: expect.stringMatching(/^B is ahead, not yet conclusive/) }),
      }),
    ])
    const today = new Date().toISOString().slice(0, 10)
    expect(body.days).toContainEqual({ day: today, page: '/', keyword: 'Termite Control', experiment: 'hero-headline', arm: 'B', number: TRACKING_NUMBER, taps: 27 })
    // Counts only: nothing of a single tap (time, placement, location, click ID).
    const text = JSON.stringify(body)
    for (const field of ['"at"', '"source"', '"location"', '"clickId"', '"click_id"']) expect(text).not.toContain(field)
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d/)
  })

  it('answers 503, not the report, when the Content Lake cannot say who the token is', async () => {
    lake.failWith = 500
    try {
      const response = await report({ authorization: 'Bearer sk-another-token-never-seen' })
      expect(response.status).toBe(503)
      expect(Object.keys(await response.json())).toEqual(['message'])
    } finally {
      lake.failWith = null
    }
  })
})

/** The version cookie of a first visit to the test page, and its version. */
async function firstVisit(): Promise<{ cookie: string; arm: string }> {
  const response = await fetch(`${site.url}${TEST_PAGE}`, { headers: { 'user-agent': PHONE_UA } })
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
  expect(cookie).toMatch(new RegExp(`^lpe_ab_${TEST_NAME}=(a|b)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`))
  await response.arrayBuffer()
  return { cookie, arm: cookie.split('=')[1]!.split('.')[0]! }
}

/** A phone browser's user agent: Node's own ("node") is a bot to isbot, and bots never count. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}/api/calls`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA, ...headers }, body: JSON.stringify(body) })

/** POST /api/calls from a given loopback source address (the front budgets by the socket's address). */
function tapFrom(localAddress: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(site.url)
    const request = http.request({ host: '127.0.0.1', port, path: '/api/calls', method: 'POST', localAddress, headers: { 'content-type': 'application/json', connection: 'close' } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

async function testReport() {
  const response = await report({ authorization: `Bearer ${EDITOR_TOKEN}` })
  return ((await response.json()) as CallsReport).experiments.find((test) => test.experiment === TEST_NAME)
}

/** Visitors of the test page's experiment, read from the call log file (the report is rate-limited per address). */
async function testVisitors(): Promise<number> {
  const counts = await sqliteExperimentVisitors(callLogFile).counts()
  return counts.arms.filter((row) => row.experiment === TEST_NAME).reduce((sum, row) => sum + row.visitors, 0)
}


describe('numbers that cannot be forged or polluted', () => {
  it('1,000 cookie-less requests and 100 crawler requests add no visitor; the crawlers are counted as excluded', async () => {
    // The lake's page list reaches the proxy within its refresh period.
    await waitFor(() => fetch(`${site.url}${TEST_PAGE}`).then((response) => response.headers.get('set-cookie')), (cookie) => Boolean(cookie), 60_000)
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
    const requests = [...Array.from({ length: 1000 }, () => ({})), ...Array.from({ length: 100 }, () => crawler)]
    for (let start = 0; start < requests.length; start += 25) {
      await Promise.all(requests.slice(start, start + 25).map(async (headers) => (await fetch(`${site.url}${TEST_PAGE}`, { headers })).arrayBuffer()))
    }
    // A cookie-less client that even sends the beacon (a phone's user agent), and a crawler that runs the tracker with a cookie.
    for (let i = 0; i < 20; i++) expect((await beacon({ seen: true, page: TEST_PAGE })).status).toBe(204)
    const { cookie } = await firstVisit()
    expect((await beacon({ seen: true, page: TEST_PAGE }, { cookie, ...crawler })).status).toBe(204)
    expect(await testVisitors()).toBe(0)
    expect((await testReport())?.botsExcluded).toBeGreaterThanOrEqual(101)
  })

  it('records a tap as the server served it: the cookie’s version, only the site’s number; a visitor tapping 5 times is one converting visitor', async () => {
    const { cookie, arm } = await firstVisit()
    const other = arm === 'a' ? 'b' : 'a'
    expect((await beacon({ seen: true, page: TEST_PAGE }, { cookie })).status).toBe(204)
    for (let tap = 0; tap < 5; tap++) {
      const response = await beacon({ page: TEST_PAGE, source: 'hero-button', experiment: TEST_NAME, arm: other, number: '+13105550188', keyword: '=HYPERLINK("http://evil.example")' }, { cookie })
      expect(response.status).toBe(204)
    }
    const rows = await sqliteCallLog(callLogFile).summary({ by: ['page', 'experiment', 'arm', 'number', 'keyword'] })
    expect(rows.filter((row) => row.page === TEST_PAGE)).toEqual([expect.objectContaining({ experiment: TEST_NAME, arm, number: '', keyword: '', taps: 5 })])
    const test = await testReport()
    expect(test?.arms.find((candidate) => candidate.arm === arm)).toMatchObject({ visitors: 1, converters: 1, taps: 5 })
    expect(test?.arms.find((candidate) => candidate.arm === other)?.visitors ?? 0).toBe(0)
  })

  it('records no experiment for a page that runs none, whatever <main> is made to say', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await page.goto(`${site.url}/ants`)
    await page.evaluate((number) => {
      const main = document.getElementById('main')!
      main.setAttribute('data-call-experiment', 'ants-hero')
      main.setAttribute('data-call-arm', 'B')
      main.setAttribute('data-call-number', number)
      main.setAttribute('data-call-keyword', 'Forged Keyword')
    }, TRACKING_NUMBER)
    await page.locator('a[href^="tel:"]:visible').first().click()
    const log = sqliteCallLog(callLogFile)
    const rows = await waitFor(() => log.summary({ by: ['page', 'experiment', 'arm', 'number', 'keyword'] }), (list) => list.some((row) => row.page === '/ants'))
    expect(rows.find((row) => row.page === '/ants')).toMatchObject({ experiment: '', arm: '', number: '', keyword: '', taps: 1 })
    await context.close()
  })

  it('counts a real browser that keeps the cookie, through the tracker’s beacon, and never a headless one', async () => {
    const before = await testVisitors()
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone, userAgent: PHONE_UA })
    await (await phone.newPage()).goto(`${site.url}${TEST_PAGE}`, { waitUntil: 'load' })
    expect(await waitFor(testVisitors, (visitors) => visitors === before + 1)).toBe(before + 1)
    await phone.close()
    // Chromium's own headless user agent is a bot (isbot): it gets a version but is never counted.
    const headless = await browser.newContext({ viewport: VIEWPORTS.phone })
    const page = await headless.newPage()
    const beacons: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/calls')) beacons.push(request.method())
    })
    await page.goto(`${site.url}${TEST_PAGE}`, { waitUntil: 'load' })
    await waitFor(async () => beacons.length, (count) => count > 0)
    expect(beacons).toEqual(['POST'])
    // The beacon arrived (the phone's did, above) and was turned away: still one visitor.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await testVisitors()).toBe(before + 1)
    await headless.close()
  })

  it('after 61 addresses of one network × 10 taps, a visitor on another network still gets its tap in', async () => {
    const body = { page: '/bed-bugs', source: 'hero-button' }
    const statuses: number[] = []
    // Each address taps one after another (the front also caps uploads in progress per address); eight addresses at a time.
    const hosts = Array.from({ length: 61 }, (_, index) => index + 1)
    for (let start = 0; start < hosts.length; start += 8) {
      await Promise.all(
        hosts.slice(start, start + 8).map(async (host) => {
          for (let tap = 0; tap < 10; tap++) statuses.push(await tapFrom(`127.0.9.${host}`, body))
        }),
      )
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(60)
    expect(statuses.filter((status) => status === 429)).toHaveLength(550)
    expect(await tapFrom('127.0.10.7', body)).toBe(204)
  })

  it('prints with `npm run calls:report -- --json` exactly what the Calls tool shows', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/calls/report.ts', '--json'], { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, CALL_LOG_FILE: callLogFile } })
    const fromTool = (await (await report({ authorization: `Bearer ${EDITOR_TOKEN}` })).json()) as CallsReport
    expect(JSON.parse(stdout)).toEqual(fromTool)
  })
})
