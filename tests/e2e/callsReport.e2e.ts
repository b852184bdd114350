import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteArmVisits } from '../../web/lib/campaigns/armVisits'
import type { CallsReport } from '../../web/lib/campaigns/report'
import { sqliteCallLog } from '../../web/lib/calls/store'
import type { CallTap } from '../../web/lib/calls/tap'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { launchBrowser, VIEWPORTS } from './browser'
import { startSite, type NextServer } from './nextServer'

/**
 * The Studio's Calls report (`GET /api/calls/report`) against `npm start`, with the site configured
 * for a Sanity project whose API is the loopback Content Lake stand-in: the editor's token is checked
 * with the stand-in's `users/me` (Sanity's wire format). Anonymous and forged tokens are refused; a
 * valid one gets aggregates (taps per day × page × keyword × arm × number, visitors and taps per arm,
 * the verdict) and never a tap. Also: the call tracker forwards data-call-experiment, -arm and
 * -number of <main> with each tap.
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

beforeAll(async () => {
  // A running experiment, as the arch helper's variants will record it: taps in the call log, visitors counted per arm.
  const log = sqliteCallLog(callLogFile)
  for (let i = 0; i < 20; i++) await log.record(tap({ experiment: 'hero-headline', arm: 'A', keyword: 'Termite Control' }))
  for (let i = 0; i < 27; i++) await log.record(tap({ experiment: 'hero-headline', arm: 'B', keyword: 'Termite Control', number: TRACKING_NUMBER }))
  const visits = sqliteArmVisits(callLogFile)
  for (let i = 0; i < 400; i++) visits.record('hero-headline', 'A')
  for (let i = 0; i < 410; i++) visits.record('hero-headline', 'B')
  visits.close()

  lake = await startLocalLake({ documents: bundledDocuments(), port: LAKE_PORT })
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
      {
        experiment: 'hero-headline',
        arms: [
          { arm: 'A', visitors: 400, taps: 20 },
          { arm: 'B', visitors: 410, taps: 27 },
        ],
        verdict: expect.objectContaining({ leader: 'B', conclusive: false, text: expect.stringMatching(/^B is ahead, not yet conclusive \(p = /) }),
      },
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

describe('the call tracker', () => {
  it('sends the experiment, arm and tracking number of <main> with each tap', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await page.goto(`${site.url}/ants`)
    // What a variant page renders on <main> once experiments and tracking numbers are wired (arch branch).
    await page.evaluate((number) => {
      const main = document.getElementById('main')!
      main.setAttribute('data-call-experiment', 'ants-hero')
      main.setAttribute('data-call-arm', 'B')
      main.setAttribute('data-call-number', number)
    }, TRACKING_NUMBER)
    await page.locator('a[href^="tel:"]:visible').first().click()
    const log = sqliteCallLog(callLogFile)
    const started = Date.now()
    let rows = await log.summary({ by: ['page', 'experiment', 'arm', 'number'] })
    while (!rows.some((row) => row.page === '/ants') && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      rows = await log.summary({ by: ['page', 'experiment', 'arm', 'number'] })
    }
    expect(rows.find((row) => row.page === '/ants')).toMatchObject({ experiment: 'ants-hero', arm: 'B', number: TRACKING_NUMBER, taps: 1 })
    await context.close()
  })
})
