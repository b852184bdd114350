import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../web/lib/config'
import type { CallsReport } from '../../web/lib/campaigns/report'
import { openVoiceDb } from '../../web/lib/calls/store/db'
import { simulateCall } from '../../scripts/calls/twilioStandIn'
import { unroutedDemoNdjson } from '../../scripts/calls/demoContent'
import { launchBrowser, VIEWPORTS } from './browser'
import { waitFor } from '../support/waitFor'
import { startSite, type NextServer } from './nextServer'

/**
 * Calls, not taps, in real Chromium against `npm start` on the call-tracking demo dataset: an ad visit on a
 * phone gets a pool number of its own in every call link and shown number without moving anything; the
 * Twilio stand-in (the same one `npm run calls:simulate` uses) calls it with Twilio's signed requests; and
 * `npm run calls:report -- --json` shows the call joined to the visit — qualified or not by the Studio's rules.
 * A second site whose database never answers (a TCP port that accepts and stays silent, as DATABASE_URL)
 * still forwards a call.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const POOL = ['+13125550161', '+13125550162', '+13125550163', '+13125550164']
const TOKEN = 'e2e-twilio-token'
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const PUBLIC_URL = readConfig(process.env).siteUrl.toString()
const FEED = { CONVERSIONS_FEED_USER: 'ads-upload', CONVERSIONS_FEED_PASSWORD: 'e2e-feed-password' }
const folder = mkdtempSync(path.join(tmpdir(), 'voice-e2e-'))
const callLogFile = path.join(folder, 'calls.sqlite')
// The demo without routing to providers: these tests are about forwarding to the business line.
const DEMO = path.join(folder, 'call-tracking-demo-unrouted.ndjson')
writeFileSync(DEMO, unroutedDemoNdjson(readFileSync(path.join(ROOT, 'studio/dataset/call-tracking-demo.ndjson'), 'utf8')))

let browser: Browser
let site: NextServer
let hanging: NextServer
let silentDb: net.Server

beforeAll(async () => {
  // A database that accepts connections and never says a word.
  silentDb = net.createServer(() => {})
  await new Promise<void>((resolve) => silentDb.listen(0, '127.0.0.1', resolve))
  const silentPort = (silentDb.address() as net.AddressInfo).port
  ;[site, hanging, browser] = await Promise.all([
    startSite(3361, { CONTENT_DATASET_FILE: DEMO, TWILIO_AUTH_TOKEN: TOKEN, CALL_LOG_FILE: callLogFile, ...FEED }),
    startSite(3362, { CONTENT_DATASET_FILE: DEMO, TWILIO_AUTH_TOKEN: TOKEN, DATABASE_URL: `postgres://app@127.0.0.1:${silentPort}/postgres`, CALL_LOG_FILE: path.join(folder, 'hanging-calls.sqlite') }),
    launchBrowser(),
  ])
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([site?.stop(), hanging?.stop()])
  silentDb?.close()
  rmSync(folder, { recursive: true, force: true })
})

async function report(): Promise<CallsReport> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'calls:report', '--', '--json'], { cwd: ROOT, env: { ...process.env, CALL_LOG_FILE: callLogFile } })
  return JSON.parse(stdout) as CallsReport
}

/** The report once the site has written the call (the record is written after the TwiML answer). */
async function reportWith(callSid: string, answered: boolean): Promise<CallsReport> {
  for (let attempt = 0; ; attempt++) {
    const current = await report()
    const call = current.calls.find((entry) => entry.id === callSid)
    if ((call && call.answered === answered && (call.status !== 'ringing')) || attempt > 20) return current
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const play = (to: string, talkSeconds: number, from: string, url = site.url) => simulateCall({ site: url, publicUrl: PUBLIC_URL, authToken: TOKEN, to, from, talkSeconds })

describe('calls to a leased pool number', () => {
  const caller = '+14155550123'

  interface AdVisit {
    leased: string
    version: string
    hrefs: string[]
    shown: string[]
    /** Every layout shift of the visit, with what moved and whether it came after the pool number was swapped in. */
    shifts: { value: number; moved: string[]; afterSwap: boolean }[]
    /** When the pool number appeared in a call link (ms since navigation), as the page saw it. */
    swappedAt: number | null
    /** The answer to the tap on the page's first call button. */
    tapStatus: number
  }
  let adVisit: Promise<AdVisit> | undefined
  /** One ad visit on a phone (from /ants with a click id) and the pool number it leased; made once, by whichever test needs it first. */
  function leasedVisit(): Promise<AdVisit> {
    adVisit ??= (async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone, userAgent: PHONE_UA })
      const page = await context.newPage()
      await page.addInitScript((pool) => {
        // Each shift with what moved and whether it came after the swap (the tracker writes the pool number after
        // load): a call link or shown number moving is the swap's fault, and so is anything moving after it.
        // Before it, a slow phone paints the page while it is still arriving (a half-parsed bar or paragraph
        // grows), which is the browser's progressive rendering, not the swap.
        const shifts: { value: number; moved: string[]; afterSwap: boolean }[] = []
        let swappedAt = Infinity
        ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
        new MutationObserver((_, observer) => {
          if (!pool.some((number) => document.querySelector(`a[href="tel:${number}"]`))) return
          swappedAt = performance.now()
          ;(window as unknown as { __swappedAt: number }).__swappedAt = swappedAt
          observer.disconnect()
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] }
            const moved = (shift.sources ?? []).map(({ node }) => {
              const element = node instanceof Element ? node : node?.parentElement
              if (!element) return '?'
              return element.closest('a[href^="tel:"], .phone-slot') ? `call:${element.outerHTML.slice(0, 80)}` : `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)
            })
            shifts.push({ value: shift.value, moved, afterSwap: entry.startTime >= swappedAt })
          }
        }).observe({ type: 'layout-shift', buffered: true })
      }, POOL)
      await page.goto(`${site.url}/ants?gclid=E2E-Click_1`)
      await page.waitForFunction((pool) => pool.some((number) => document.querySelector(`a[href="tel:${number}"]`)), POOL)
      const hrefs = await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      const shown = await page.locator('.phone-slot > span').allTextContents()
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: AdVisit['shifts'] }).__shifts)
      const swappedAt = await page.evaluate(() => (window as unknown as { __swappedAt?: number }).__swappedAt ?? null)
      const version = (await page.locator('main').getAttribute('data-call-arm')) ?? ''
      const tapped = page.waitForResponse((response) => response.url().endsWith('/api/calls') && response.request().method() === 'POST' && !(response.request().postData() ?? '').includes('"seen"'))
      await page.locator('a[href^="tel:"]:visible').first().click()
      const tapStatus = (await tapped).status()
      await context.close()
      return { leased: hrefs[0]!.slice(4), version, hrefs, shown, shifts, swappedAt, tapStatus }
    })()
    return adVisit
  }

  let firstCall: Promise<Awaited<ReturnType<typeof simulateCall>> & { report: CallsReport }> | undefined
  /** The caller's first call to the leased number, 95 seconds long, once recorded; made once. */
  function qualifiedCall() {
    firstCall ??= (async () => {
      const { leased } = await leasedVisit()
      const call = await play(leased, 95, caller)
      return { ...call, report: await reportWith(call.callSid, true) }
    })()
    return firstCall
  }

  it('shows an ad visit its own pool number in every call link and shown number, and nothing moves', async () => {
    const { leased, hrefs, shown, shifts, swappedAt } = await leasedVisit()
    expect(POOL).toContain(leased)
    expect(new Set(hrefs)).toEqual(new Set([`tel:${leased}`]))
    const [, area, exchange, line] = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(leased)!
    expect(shown.length).toBeGreaterThan(0)
    expect(new Set(shown)).toEqual(new Set([`(${area}) ${exchange}-${line}`]))
    // The swap moves nothing: no shift ever involves a call link or a shown number, and once the pool number is in,
    // the page as a whole moves less than anyone can see (a few ten-thousandths from a late paint on a loaded machine).
    // Before it, a page painted while still arriving may grow a little (progressive rendering on a slow CPU: the
    // sticky bar or a hero paragraph half-parsed, measured at 0.003–0.007 at 10× CPU throttling): well inside
    // "good" (CLS < 0.1), and not the swap's.
    const report = JSON.stringify(shifts)
    expect(swappedAt).toBeGreaterThan(0)
    expect(shifts.filter(({ moved }) => moved.some((what) => what.startsWith('call:'))), report).toEqual([])
    const sum = (list: typeof shifts) => list.reduce((total, { value }) => total + value, 0)
    expect(sum(shifts.filter(({ afterSwap }) => afterSwap)), report).toBeLessThan(0.001)
    expect(sum(shifts), report).toBeLessThan(0.05)
  })

  it('logs a tap on the pool number under that number: the pool is one of Site settings’ own numbers', async () => {
    const { leased, tapStatus } = await leasedVisit()
    expect(tapStatus).toBe(204)
    for (let attempt = 0; !(await report()).days.some((row) => row.page === '/ants' && row.number === leased); attempt++) {
      if (attempt > 20) throw new Error(`no tap logged under the pool number ${leased}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })

  it('keeps the default number for a crawler and for a visit not from an ad', async () => {
    for (const [url, userAgent] of [[`${site.url}/ants?gclid=Bot-Click`, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'], [`${site.url}/ants`, PHONE_UA]] as const) {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone, userAgent })
      const page = await context.newPage()
      const leaseAnswers: unknown[] = []
      page.on('response', async (response) => {
        if (response.url().endsWith('/api/voice/lease')) leaseAnswers.push(await response.json())
      })
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      expect(leaseAnswers.every((answer) => (answer as { number: unknown }).number === null)).toBe(true)
      expect(await page.locator('a[href="tel:+18885550142"]').count()).toBeGreaterThan(0)
      await context.close()
    }
  })

  it('a 95-second call is one qualified call joined to the visit’s page, version and click id', async () => {
    const { leased, version } = await leasedVisit()
    const { callSid, incoming, status, report: current } = await qualifiedCall()
    expect(incoming.body).toContain('<Dial action="/api/voice/status"')
    expect(incoming.body).toContain('<Number>+13125550150</Number>')
    expect(status?.status).toBe(200)
    const call = current.calls.find((entry) => entry.id === callSid)
    expect(call).toMatchObject({ id: callSid, number: leased, page: '/ants', version, clickId: 'E2E-Click_1', talkSeconds: 95, answered: true, qualified: true })
  })

  it('a 45-second call is a call, not a qualified one; the same caller again within 30 days is not a new lead', async () => {
    const { leased } = await leasedVisit()
    await qualifiedCall()
    const short = await play(leased, 45, '+14155550124')
    const again = await play(leased, 120, caller)
    const current = await reportWith(again.callSid, true)
    expect(current.calls.find((entry) => entry.id === short.callSid)).toMatchObject({ answered: true, talkSeconds: 45, qualified: false, page: '/ants' })
    expect(current.calls.find((entry) => entry.id === again.callSid)).toMatchObject({ answered: true, talkSeconds: 120, qualified: false, clickId: 'E2E-Click_1' })
  })

  it('a call after the lease ended joins no visit', async () => {
    const { leased } = await leasedVisit()
    // Thirty minutes pass: the lease ends (the store's clock is the only thing moved).
    const db = await openVoiceDb(callLogFile)
    const past = Date.now() - 1_000
    await db.updateTable('voice_leases').set({ expires_at: past }).where('number', '=', leased).execute()
    await db.updateTable('voice_pool').set({ leased_until: past }).where('number', '=', leased).execute()
    await db.destroy()
    const late = await play(leased, 95, '+14155550125')
    const call = (await reportWith(late.callSid, true)).calls.find((entry) => entry.id === late.callSid)
    expect(call).toMatchObject({ answered: true, qualified: true, page: '', version: '', clickId: '' })
  })

  it('serves Google Ads the qualified call behind basic auth: the same bytes as calls:export', async () => {
    await qualifiedCall()
    const feed = `${site.url}/api/conversions/google-ads.csv`
    expect((await fetch(feed)).status).toBe(401)
    expect((await fetch(feed, { headers: { authorization: `Basic ${Buffer.from('ads-upload:wrong').toString('base64')}` } })).status).toBe(401)
    const served = await fetch(feed, { headers: { authorization: `Basic ${Buffer.from(`${FEED.CONVERSIONS_FEED_USER}:${FEED.CONVERSIONS_FEED_PASSWORD}`).toString('base64')}` } })
    expect(served.status).toBe(200)
    const body = await served.text()
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'calls:export', '--', '--google-ads'], { cwd: ROOT, env: { ...process.env, CALL_LOG_FILE: callLogFile, CONTENT_DATASET_FILE: DEMO } })
    expect(body).toBe(stdout)
    const lines = body.trim().split('\n')
    expect(lines.slice(0, 2)).toEqual(['Parameters:TimeZone=America/Chicago', 'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency,Order ID'])
    expect(lines.slice(2)).toEqual([expect.stringMatching(/^E2E-Click_1,Qualified call,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},50,USD,CA[0-9a-f]{32}$/)])
    // The call turns out to be spam: marked from a shell, it is retracted by its Order ID, the feed and the shell agreeing byte for byte.
    const orderId = lines[2]!.split(',').at(-1)!
    const shell = (args: string[]) => promisify(execFile)('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, CALL_LOG_FILE: callLogFile, CONTENT_DATASET_FILE: DEMO } })
    await shell(['calls:mark', '--', '--call', orderId, '--outcome', 'spam'])
    const login = { authorization: `Basic ${Buffer.from(`${FEED.CONVERSIONS_FEED_USER}:${FEED.CONVERSIONS_FEED_PASSWORD}`).toString('base64')}` }
    const adjustments = await (await fetch(`${site.url}/api/conversions/google-ads-adjustments.csv`, { headers: login })).text()
    const shellAdjustments = await shell(['calls:export', '--', '--google-ads', '--adjustments'])
    expect(adjustments).toBe(shellAdjustments.stdout)
    expect(shellAdjustments.stderr).toContain('Settings from CONTENT_DATASET_FILE')
    expect(adjustments.trim().split('\n').slice(1)).toEqual(['Order ID,Conversion Name,Adjustment Type,Adjustment Time,Adjusted Value,Adjusted Value Currency', expect.stringMatching(new RegExp(`^${orderId},Qualified call,RETRACTION,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},,$`))])
    const microsoft = await (await fetch(`${site.url}/api/conversions/microsoft-ads.csv`, { headers: login })).text()
    expect(microsoft).toBe((await shell(['calls:export', '--', '--microsoft-ads'])).stdout)
  })

  it('refuses a forged request with 403 and records nothing', async () => {
    const { leased } = await leasedVisit()
    const before = (await report()).calls.length
    const forged = await fetch(`${site.url}/api/voice/incoming`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'L/OH5YylLD5NRKLltdqwSvS0BnU=' }, body: `CallSid=CA${'1'.repeat(32)}&From=%2B14155550126&To=${encodeURIComponent(leased)}` })
    expect(forged.status).toBe(403)
    expect((await report()).calls.length).toBe(before)
  })
})

describe('a store that never answers', () => {
  it('still forwards the call: TwiML comes back while the record waits', async () => {
    const { incoming, status } = await play(POOL[0]!, 95, '+14155550127', hanging.url)
    expect(incoming.status).toBe(200)
    expect(incoming.body).toContain('<Number>+13125550150</Number>')
    expect(status?.body).toContain('<Hangup/>')
    // The page of an ad visit keeps the number it shows: the lease gives up on the silent store.
    const lease = await fetch(`${hanging.url}/api/voice/lease`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA, cookie: 'lpe_click=%7B%22gclid%22%3A%22X%22%7D' }, body: JSON.stringify({ page: '/ants' }) })
    expect(await lease.json()).toEqual({ number: null })
  })
})

describe('a SQLite file another process holds', () => {
  it('a write lock held for 20 s stalls nothing: pages, taps and webhooks answer at once, and every acknowledged record is stored once after', async () => {
    // Another process takes the file's write lock (BEGIN IMMEDIATE) and holds it for 20 s, as a backup script might.
    const holder = execFile(process.execPath, ['-e', `
      const { DatabaseSync } = require('node:sqlite')
      const db = new DatabaseSync(${JSON.stringify(callLogFile)})
      db.exec('PRAGMA busy_timeout = 10000; BEGIN IMMEDIATE; DELETE FROM webhook_deliveries WHERE expires_at < 0')
      process.stdout.write('locked\\n')
      setTimeout(() => { db.exec('COMMIT'); process.exit(0) }, 20000)
    `])
    let said = ''
    holder.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()))
    const locked = new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
      holder.on('exit', (code) => reject(new Error(`the lock holder exited (${code}) before locking: ${said}`)))
    })
    const exited = new Promise<void>((resolve) => holder.on('exit', () => resolve()))
    await locked
    const slowest: number[] = []
    const timed = async <T>(work: () => Promise<T>): Promise<T> => {
      const started = performance.now()
      try {
        return await work()
      } finally {
        slowest.push(performance.now() - started)
      }
    }
    const pages = await Promise.all(['/', '/ants', '/roaches', '/ants?kw=ant+control'].map((target) => timed(() => fetch(`${site.url}${target}`, { headers: { 'user-agent': PHONE_UA } }).then((answer) => answer.status))))
    const taps = await Promise.all(['lock-1', 'lock-2', 'lock-3'].map((source) => timed(() => fetch(`${site.url}/api/calls`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA }, body: JSON.stringify({ page: '/ants', source }) }).then((answer) => answer.status))))
    const calls = await Promise.all(['+14155550181', '+14155550182', '+14155550183'].map((from, index) => timed(() => play(POOL[index]!, 75, from))))
    expect(pages).toEqual([200, 200, 200, 200])
    expect(taps).toEqual([204, 204, 204])
    for (const call of calls) expect([call.incoming.status, call.status?.status]).toEqual([200, 200])
    // Nothing waited for the lock (20 s): a page, a tap and both webhooks of a call each answered well within 5 s.
    expect(Math.max(...slowest)).toBeLessThan(5_000)
    await exited
    for (const call of calls) expect((await reportWith(call.callSid, true)).calls.filter((entry) => entry.id === call.callSid).map((entry) => [entry.status, entry.talkSeconds])).toEqual([['answered', 75]])
    const db = await openVoiceDb(callLogFile)
    const tapped = () => db.selectFrom('call_clicks').select(['source', (eb) => eb.fn.countAll<number>().as('n')]).where('source', 'like', 'lock-%').groupBy('source').orderBy('source').execute()
    const rows = await waitFor(tapped, (found) => found.length === 3, 20_000)
    expect(rows.map((row) => [row.source, Number(row.n)])).toEqual([['lock-1', 1], ['lock-2', 1], ['lock-3', 1]])
    await db.destroy()
  }, 90_000)
})

