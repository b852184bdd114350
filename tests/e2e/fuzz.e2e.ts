import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, VIEWPORTS } from './browser'
import { sharedSiteUrl } from './sharedSite'

/**
 * Hostile input: generated values for every personalizing parameter and random paths. No answer
 * may be a server error, reflect markup, or grow without bound; in a browser no injected script runs.
 * Generation is seeded, so a failure repeats.
 */
const baseUrl = sharedSiteUrl()
const PER_PARAMETER = Number(process.env.FUZZ_PER_PARAMETER || 1000)
const MAX_BODY_BYTES = 400_000

function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

const random = prng(20261122)
const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const INJECTIONS = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "'><svg onload=window.__pwned=1>",
  'javascript:window.__pwned=1',
  '</title><script>window.__pwned=1</script>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '\u0000\u0001\u001f',
  '\u202e\u200f\u200b',
  '🐜🪳🕷️🐀',
  'ñandú ünïcödé 漢字 العربية',
  '',
  ' ',
  'near me',
]
const RAW_ENCODINGS = ['%', '%E0%A4%A', '%ZZ', '%00', '%C0%AF', '%ed%a0%80', '%2F%2E%2E']

function value(): string {
  const kind = random()
  if (kind < 0.35) return encodeURIComponent(pick(INJECTIONS) + ' ' + pick(['wasp removal', 'ants', 'rats near me', '']))
  if (kind < 0.5) return pick(RAW_ENCODINGS) + encodeURIComponent(pick(INJECTIONS))
  if (kind < 0.6) return encodeURIComponent('termite '.repeat(Math.floor(random() * 1500) + 1250))
  if (kind < 0.8) return String(Math.floor(random() * 10 ** Math.floor(random() * 14)))
  // Any code point but lone surrogates, which no URL can carry.
  const codePoint = () => {
    const point = Math.floor(random() * 0x2ffff)
    return point >= 0xd800 && point <= 0xdfff ? 0x41 : point
  }
  return encodeURIComponent(Array.from({ length: Math.floor(random() * 40) }, () => String.fromCodePoint(codePoint())).join(''))
}

const PARAMETERS = [
  { name: 'kw', path: '/' },
  { name: 'slkw', path: '/' },
  { name: 'loc_physical_ms', path: '/' },
  { name: 'headline1', path: '/v2' },
  { name: 'q', path: '/v2' },
] as const

function urls(): string[] {
  const list: string[] = []
  for (const { name, path } of PARAMETERS) {
    for (let index = 0; index < PER_PARAMETER; index++) {
      const repeated = random() < 0.1 ? `&${name}=${value()}` : ''
      list.push(`${path}?${name}=${value()}${repeated}`)
    }
  }
  return list
}

const PATHS = [
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%00',
  '/ants%00.html',
  '/%E0%A4%A',
  `/${'a'.repeat(8000)}`,
  `/${'deep/'.repeat(200)}`,
  '/<script>alert(1)</script>',
  '/personalized/home/W10',
  '/_next/../../package.json',
  '/studio/../.env',
  '/ants/..%2f..%2fpackage.json',
]

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl}${url}`, { redirect: 'manual' })
  return { status: response.status, body: await response.text() }
}

function reflectsMarkup(body: string): boolean {
  return body.includes('window.__pwned=1</script>') || /onerror="window\.__pwned|onload=window\.__pwned|<svg onload/.test(body)
}

describe('hostile input', () => {
  it(`answers ${PARAMETERS.length} × ${PER_PARAMETER} generated parameter values without a server error or reflected markup`, async () => {
    const list = urls()
    const problems: string[] = []
    const statuses = new Map<number, number>()
    let largest = 0
    for (let start = 0; start < list.length; start += 16) {
      const batch = list.slice(start, start + 16)
      const results = await Promise.all(batch.map(get))
      results.forEach(({ status, body }, index) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        largest = Math.max(largest, body.length)
        if (status >= 500) problems.push(`${status} ${batch[index]!.slice(0, 120)}`)
        if (reflectsMarkup(body)) problems.push(`reflected markup: ${batch[index]!.slice(0, 120)}`)
        if (body.length > MAX_BODY_BYTES) problems.push(`${body.length} bytes: ${batch[index]!.slice(0, 120)}`)
      })
    }
    console.log(`fuzz: ${list.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, largest body ${largest} bytes`)
    expect(problems).toEqual([])
  }, 600_000)

  it('answers hostile paths with a 4xx (or a redirect to one), never a file or a server error', async () => {
    for (const path of PATHS) {
      const { status, body } = await get(path)
      expect(status, path).toBeGreaterThanOrEqual(300)
      expect(status, path).toBeLessThan(500)
      expect(body, path).not.toContain('"devDependencies"')
      expect(reflectsMarkup(body), path).toBe(false)
    }
  })

  describe('in Chromium', () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await launchBrowser()
    })
    afterAll(() => browser?.close())

    it('runs none of the injected scripts on a sample of hostile addresses', async () => {
      const sample = [
        ...INJECTIONS.slice(0, 6).map((payload) => `/?kw=${encodeURIComponent(payload)}&loc_physical_ms=1026339`),
        ...INJECTIONS.slice(0, 6).map((payload) => `/v2?headline1=${encodeURIComponent(payload)}&q=y`),
        `/?slkw=${encodeURIComponent('"><img src=x onerror="window.__pwned=1">')}`,
        `/${encodeURIComponent('<img src=x onerror="window.__pwned=1">')}`,
      ]
      for (const url of sample) {
        const page = await browser.newPage({ viewport: VIEWPORTS.phone })
        let dialogs = 0
        page.on('dialog', (dialog) => {
          dialogs++
          void dialog.dismiss()
        })
        await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' })
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), url).toBeUndefined()
        expect(dialogs, url).toBe(0)
        await page.close()
      }
    })
  })
})
