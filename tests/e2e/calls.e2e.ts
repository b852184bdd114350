import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteCallLog } from '../../web/lib/taps/store'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import pg from 'pg'
import { openStore } from '../../web/lib/db'
import { migrateToLatest } from '../../web/lib/db/migrate'
import { startPostgres, type Postgres } from '../support/postgres'
import { startPostgrest, type PostgrestStandIn } from '../support/postgrest'
import { heldFrameworkContext, launchBrowser, VIEWPORTS } from './browser'
import { startSite, type NextServer } from './nextServer'
import { sharedSiteUrl } from './sharedSite'

/**
 * Calls an advertiser can count, in real Chromium against `npm start`:
 * - no tag configured (the bundled settings): every tap reaches the site's own call log (SQLite),
 *   even before React hydrates, junk is refused, click IDs are kept, and no request leaves the site;
 * - a Google Ads tag configured (the production build serving a dataset copy, gtag.js served by a loopback stand-in
 *   that records what it is called with, locations from Supabase through the PostgREST stand-in, the
 *   call log in a real PostgreSQL at DATABASE_URL):
 *   one conversion per tap with the page's ad context and click IDs, the tag loaded only after the
 *   page, Consent Mode defaults before it, and Global Privacy Control or the footer opt-out deny ads.
 */
const base = Number(new URL(sharedSiteUrl()).port)
const folder = mkdtempSync(path.join(tmpdir(), 'calls-e2e-'))
const callLogFile = path.join(folder, 'calls.sqlite')

/** A stand-in for Google's gtag.js: records every command the page queued or queues. */
const STAND_IN_GTAG = `(function(){
var w=window,dl=w.dataLayer=w.dataLayer||[];w.__tag={loaded:true,calls:[]};
function rec(x){w.__tag.calls.push(JSON.parse(JSON.stringify(x&&x.length!==undefined&&typeof x!=='string'?Array.prototype.slice.call(x):x)))}
dl.forEach(rec);var push=dl.push;dl.push=function(){for(var i=0;i<arguments.length;i++)rec(arguments[i]);return push.apply(dl,arguments)};
})()`

let browser: Browser
let plain: NextServer
let tagged: NextServer
let rest: PostgrestStandIn
let postgres: Postgres
let database: pg.Pool
let tagServer: http.Server
const tagRequests: string[] = []
let tagOrigin = ''

beforeAll(async () => {
  tagServer = http.createServer((request, response) => {
    tagRequests.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'text/javascript' })
    response.end(STAND_IN_GTAG)
  })
  await new Promise<void>((resolve) => tagServer.listen(0, '127.0.0.1', resolve))
  tagOrigin = `http://127.0.0.1:${(tagServer.address() as AddressInfo).port}`
  // With Supabase configured, locations come from its location_data too.
  rest = await startPostgrest({ '1026339': 'Dallas, TX' })
  const dataset = bundledDocuments().map((doc) =>
    doc._id === 'siteSettings' ? { ...doc, googleAdsId: 'AW-123456789', callConversionLabel: 'CallTap-1', forwardingConversionLabel: 'Fwd-2' } : doc,
  )
  const datasetFile = path.join(folder, 'tagged.ndjson')
  mkdirSync(folder, { recursive: true })
  writeFileSync(datasetFile, dataset.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  postgres = await startPostgres(base + 52)
  const databaseUrl = await postgres.database('calls')
  const store = await openStore({ postgres: databaseUrl })
  await migrateToLatest(store.db)
  await store.close()
  database = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  const taggedEnv = { CONTENT_DATASET_FILE: datasetFile, GOOGLE_TAG_ORIGIN: tagOrigin, SUPABASE_URL: rest.url, SUPABASE_ANON_KEY: 'anon-key', DATABASE_URL: databaseUrl, OUTBOX_FILE: path.join(folder, 'outbox.sqlite') }
  ;[plain, tagged, browser] = await Promise.all([startSite(base + 50, { CALL_LOG_FILE: callLogFile }), startSite(base + 51, taggedEnv), launchBrowser()])
}, 480_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([plain?.stop(), tagged?.stop(), rest?.close(), database?.end(), new Promise((resolve) => tagServer?.close(resolve))])
  postgres?.destroy()
  rmSync(folder, { recursive: true, force: true })
})

// Returns as soon as `ok` holds; the wait is long because a loaded machine runs another file beside this one.
async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() - started > timeoutMs) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function openPage(url: string, init?: (context: BrowserContext) => Promise<unknown>): Promise<{ page: Page; context: BrowserContext; requests: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone })
  await init?.(context)
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(url)
  return { page, context, requests }
}

const totalTaps = async () => (await sqliteCallLog(callLogFile).summary()).reduce((sum, row) => sum + row.taps, 0)

describe('with no tag configured', () => {
  it('records a tap in the call log even when the framework never loads, and keeps the page', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone })
    // No React at all: the tracker is plain inline script.
    await context.route('**/_next/static/chunks/**', (route) => route.abort())
    const page = await context.newPage()
    await page.goto(`${plain.url}/ants?gclid=Test-Click_1`)
    const before = await totalTaps().catch(() => 0)
    await page.locator('a[href^="tel:"][data-call-source="hero-button"]').first().click()
    expect(await until(totalTaps, (taps) => taps === before + 1)).toBe(before + 1)
    const cookies = await context.cookies()
    const click = cookies.find((cookie) => cookie.name === 'lpe_click')
    expect(click).toMatchObject({ sameSite: 'Lax', secure: true })
    expect(decodeURIComponent(click!.value)).toContain('"gclid":"Test-Click_1"')
    expect(click!.expires * 1000 - Date.now()).toBeGreaterThan(89 * 24 * 3600 * 1000)
    expect(page.url()).toBe(`${plain.url}/ants?gclid=Test-Click_1`)
    await context.close()
  })

  it('records the ad context of a personalized page, and no request leaves the site', async () => {
    const { page, context, requests } = await openPage(`${plain.url}/?kw=wasp+removal&loc_physical_ms=1026339`)
    const before = await totalTaps()
    await page.locator('a[href^="tel:"]:visible').first().click()
    await until(totalTaps, (taps) => taps === before + 1)
    const rows = await sqliteCallLog(callLogFile).summary()
    expect(rows.some((row) => row.page === '/' && row.keyword === 'Wasp Removal')).toBe(true)
    await page.waitForLoadState('networkidle')
    // (tel: is the dialer, not a request to anyone.)
    expect(requests.filter((url) => /^(?:https?|wss?):/.test(url) && !url.startsWith(plain.url))).toEqual([])
    await context.close()
  })

  it('refuses junk, unknown shapes and floods at /api/calls', async () => {
    const post = (body: string) => fetch(`${plain.url}/api/calls`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    expect((await post('not json')).status).toBe(400)
    expect((await post('{"page":"ants","source":"<b>"}')).status).toBe(400)
    expect((await post(JSON.stringify({ page: '/', source: 'x', pad: 'y'.repeat(10_000) }))).status).toBe(413)
    const statuses: number[] = []
    for (let i = 0; i < 15; i++) statuses.push((await post(JSON.stringify({ page: '/flood', source: 'flood' }))).status)
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(10)
    expect(statuses).toContain(429)
  })
})

describe('with a Google Ads tag configured', () => {
  type Command = unknown[] | Record<string, unknown>
  const commands = (page: Page) => page.evaluate(() => (window as unknown as { __tag?: { calls: unknown[] } }).__tag?.calls ?? []) as Promise<Command[]>
  const conversions = (calls: Command[]) => calls.filter((call) => Array.isArray(call) && call[0] === 'event' && call[1] === 'conversion') as unknown[][]

  it('sends exactly one conversion per tap, with the ad context and the kept click ID, and logs it in PostgreSQL', async () => {
    const { page, context } = await openPage(`${tagged.url}/?kw=ant+control&loc_physical_ms=1026339&gclid=G-Click-9`)
    await until(() => commands(page), (calls) => calls.length > 0)
    const stored = async () => Number((await database.query<{ count: string }>('SELECT COUNT(*) AS count FROM call_clicks')).rows[0]!.count)
    const inserted = await stored()
    // Headless Chromium hands a tel: navigation to the system, which can swallow the next click whole (under load,
    // 1 run in 3 lost the second tap before any pointer event reached the page). The dialer is not what this test
    // checks, so it stays shut: cancelled after the tracker has counted the tap.
    await page.evaluate(() =>
      addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault()
      }),
    )
    const links = page.locator('a[href^="tel:"]:visible')
    await links.first().click()
    await links.nth(1).click()
    const calls = await until(() => commands(page), (list) => conversions(list).length >= 2)
    expect(conversions(calls)).toHaveLength(2)
    expect(conversions(calls)[0]![2]).toMatchObject({ send_to: 'AW-123456789/CallTap-1', transport_type: 'beacon', keyword: 'Ant Control', location: 'Dallas, TX', variant: 'home', gclid: 'G-Click-9' })
    // Consent defaults come before the tag's first command.
    expect(calls[0]).toEqual(['consent', 'default', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }])
    expect(await until(stored, (count) => count >= inserted + 2)).toBe(inserted + 2)
    const last = (await database.query('SELECT page, keyword, location, click_id FROM call_clicks ORDER BY id DESC LIMIT 1')).rows[0]
    expect(last).toMatchObject({ page: '/', keyword: 'Ant Control', location: 'Dallas, TX', click_id: 1 })
    await context.close()
  })

  it('counts a tap made before the tag loaded, once', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone })
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The tag arrives only after the tap.
    await context.route(/\/gtag\/js/, async (route) => {
      await held
      await route.continue()
    })
    const page = await context.newPage()
    await page.goto(`${tagged.url}/ants`)
    await page.locator('a[href^="tel:"]:visible').first().click()
    release()
    const calls = await until(() => commands(page), (list) => conversions(list).length >= 1)
    expect(conversions(calls)).toHaveLength(1)
    await context.close()
  })

  it('Global Privacy Control denies ad storage, user data and personalization, with restricted processing', async () => {
    const { page, context } = await openPage(`${tagged.url}/ants`, (browserContext) =>
      browserContext.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })),
    )
    const calls = await until(() => commands(page), (list) => list.length > 0)
    expect(calls[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }])
    expect(calls).toContainEqual(['set', { restricted_data_processing: true }])
    await context.close()
  })

  it('"Your Privacy Choices" opts out, remembered in a cookie for the next page', async () => {
    const { page, context } = await openPage(`${tagged.url}/ants`)
    const link = page.locator('a[data-privacy-choices]')
    await expect(link.textContent()).resolves.toBe('Your Privacy Choices')
    await link.click()
    expect(await link.textContent()).toBe('You have opted out of ad personalization on this browser.')
    // The stand-in tag records what was queued once it has loaded (after load and idle), which a quick click can precede.
    const update = ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]
    expect(await until(() => commands(page), (list) => list.some((call) => JSON.stringify(call) === JSON.stringify(update)))).toContainEqual(update)
    expect((await context.cookies()).find((cookie) => cookie.name === 'lpe_optout')?.value).toBe('1')
    await page.goto(`${tagged.url}/roaches`)
    const calls = await until(() => commands(page), (list) => list.length > 0)
    expect(calls[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }])
    await context.close()
  })

  it('keeps the opt-out confirmation of a tap made before React hydrates', async () => {
    // The framework's scripts arrive only after the tap (the stylesheet is not held: the page paints).
    const { context, release } = await heldFrameworkContext(browser)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${tagged.url}/ants`, { waitUntil: 'commit' })
    const link = page.locator('a[data-privacy-choices]')
    await link.click()
    release()
    // React marks every element it has hydrated.
    const hydrated = () => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))
    expect(await until(hydrated, (done) => done)).toBe(true)
    expect(await link.textContent()).toBe('You have opted out of ad personalization on this browser.')
    expect(await link.getAttribute('href')).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })

  it("swaps in Google's forwarding number in a fixed-width slot: nothing on the page moves (CLS 0)", async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      await page.goto(`${tagged.url}/?kw=ant+control`)
      const shown = (await page.locator('.phone-slot > :first-child').first().textContent()) ?? ''
      const calls = await until(() => commands(page), (list) => list.some((call) => Array.isArray(call) && call[0] === 'config' && call[1] === 'AW-123456789/Fwd-2'))
      expect(calls).toContainEqual(['config', 'AW-123456789/Fwd-2', { phone_conversion_number: shown }])
      // What Google's script does once it has a forwarding number: it rewrites the text of every
      // shown number. Here in the same format (what Google does), then in a shorter one.
      const result = await page.evaluate(async ({ shown, replacements }) => {
        let shift = 0
        const moved: string[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
            if (entry.hadRecentInput) continue
            shift += entry.value
            for (const source of entry.sources) moved.push(`${(source.node?.parentElement ?? null)?.outerHTML.slice(0, 120)} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`)
          }
        }).observe({ type: 'layout-shift' })
        const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))))
        await frames()
        let replaced = 0
        let current = shown
        for (const next of replacements) {
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.nodeValue?.includes(current)) {
              node.nodeValue = node.nodeValue.replace(current, next)
              replaced++
            }
          }
          current = next
          await frames()
        }
        return { shift, replaced, moved }
      }, { shown, replacements: ['(800) 111-1111', '800-111-1111'] })
      expect(result.replaced).toBeGreaterThanOrEqual(6)
      expect(result.moved).toEqual([])
      expect(result.shift).toBe(0)
      await context.close()
    }
  })

  it('loads the tag only after the page has loaded, under a policy that names its host', async () => {
    const response = await fetch(`${tagged.url}/ants`)
    const scriptSrc = /script-src([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''
    expect(scriptSrc).toContain(tagOrigin)
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    const plainPolicy = (await fetch(`${plain.url}/ants`)).headers.get('content-security-policy') ?? ''
    expect(plainPolicy).not.toContain('googletagmanager')
    expect(plainPolicy).not.toMatch(/script-src[^;]*127\.0\.0\.1/)
    const { page, context } = await openPage(`${tagged.url}/ants`)
    const loadedAfterLoad = await until(
      () => page.evaluate(() => ({ loaded: Boolean((window as unknown as { __tag?: unknown }).__tag), complete: document.readyState === 'complete' })),
      (state) => state.loaded,
    )
    expect(loadedAfterLoad).toEqual({ loaded: true, complete: true })
    expect(tagRequests).toContain('/gtag/js?id=AW-123456789')
    await context.close()
  })
})
