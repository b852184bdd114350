import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeQuery } from '../../web/content/queries'
import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import type { RouteQueryResult } from '../../web/sanity.types'
import { overflowsIn } from './boxes'
import { launchBrowser, VIEWPORTS } from './browser'
import { expectedSite } from './expected'
import { sharedSiteUrl } from './sharedSite'

/**
 * Layout at 320, 390×844 and 1280×800: nothing runs out of its card or button at 320 px (every route, the
 * longest keyword and headline), call buttons keep their icon on the label's line, rows of cards and badges
 * are even (or the short last row is centred, one card short at most), and the 404 fills the screen down to
 * its footer. The routes are chosen from the bundled dataset.
 */
const baseUrl = sharedSiteUrl()
const { routes, settings } = await expectedSite()
const slugOf = (path: string) => (path === '/' ? settings.homeSlug : path.slice(1))

/** Blocks whose red call button carries a label (the hero's stays one line by its own rule, checked too). */
const CALL_BUTTON_BLOCKS = new Set(['urgency', 'callToAction', 'callBanner', 'cardGrid', 'steps', 'caseStory', 'costComparison', 'hero'])

const callRoutes = new Set<string>()
const gridRoutes = new Set<string>()
{
  const longest = new Map<string, { length: number; path: string }>()
  for (const route of routes) {
    const doc = (await queryDocuments(bundledDocuments(), routeQuery, { slug: slugOf(route.path) })) as RouteQueryResult
    if (!doc || !('blocks' in doc) || !doc.blocks) continue
    for (const block of doc.blocks) {
      if (!block) continue
      if (block._type === 'cardGrid' || block._type === 'badges') gridRoutes.add(route.path)
      const label = 'buttonLabel' in block ? block.buttonLabel : null
      if (CALL_BUTTON_BLOCKS.has(block._type) && typeof label === 'string' && label) {
        const best = longest.get(block._type)
        if (!best || label.length > best.length) longest.set(block._type, { length: label.length, path: route.path })
      }
    }
  }
  // The route holding the longest label of each kind of call button: the hardest to fit at 390 px.
  for (const { path } of longest.values()) callRoutes.add(path)
}

let browser: Browser
let phone: Page
let desktop: Page
beforeAll(async () => {
  browser = await launchBrowser()
  phone = await browser.newPage({ viewport: VIEWPORTS.phone })
  desktop = await browser.newPage({ viewport: VIEWPORTS.desktop })
})
afterAll(() => browser?.close())

async function visit(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
  return response
}

interface ButtonBox {
  label: string
  lines: number
  iconCenterY: number
  firstLine: { top: number; bottom: number; left: number }
  iconRight: number
  clipped: boolean
  buttonRight: number
}

/** Every red call button in <main>: its icon, the line boxes of its label, and whether any word is cut off. */
function measureCallButtons(page: Page): Promise<ButtonBox[]> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="tel:"]')].filter((link) => link.querySelector(':scope svg') && link.offsetParent !== null)
    return buttons.map((button) => {
      const icon = button.querySelector('svg')!.getBoundingClientRect()
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT)
      const rects: DOMRect[] = []
      let label = ''
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue
        label += node.textContent
        const range = document.createRange()
        range.selectNodeContents(node)
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0))
      }
      const tops = [...new Set(rects.map((rect) => Math.round(rect.top)))]
      const first = rects[0]!
      const box = button.getBoundingClientRect()
      const clipped = button.scrollWidth > button.clientWidth + 1 || rects.some((rect) => rect.left < box.left - 1 || rect.right > box.right + 1)
      return {
        label: label.trim(),
        lines: tops.length,
        iconCenterY: icon.top + icon.height / 2,
        firstLine: { top: first.top, bottom: first.bottom, left: first.left },
        iconRight: icon.right,
        clipped,
        buttonRight: box.right,
      }
    })
  })
}

interface Row {
  count: number
  leftGap: number
  rightGap: number
}

/** The rows of the list holding an item whose text starts with `text`: items per row and the row's gaps to the list's edges. */
function measureRows(page: Page, text: string): Promise<Row[] | null> {
  return page.evaluate((text) => {
    const item = [...document.querySelectorAll('main li')].find((li) => li.textContent?.trim().startsWith(text))
    const list = item?.parentElement
    if (!list) return null
    const frame = list.getBoundingClientRect()
    const rows = new Map<number, DOMRect[]>()
    for (const child of list.children) {
      const rect = child.getBoundingClientRect()
      const top = Math.round(rect.top)
      rows.set(top, [...(rows.get(top) ?? []), rect])
    }
    return [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, rects]) => ({
        count: rects.length,
        leftGap: Math.min(...rects.map((rect) => rect.left)) - frame.left,
        rightGap: frame.right - Math.max(...rects.map((rect) => rect.right)),
      }))
  }, text)
}

/** Each card grid's and badge strip's first item text on a route, from the dataset. */
async function gridsOf(path: string): Promise<{ kind: string; first: string; count: number }[]> {
  const doc = (await queryDocuments(bundledDocuments(), routeQuery, { slug: slugOf(path) })) as RouteQueryResult
  if (!doc || !('blocks' in doc) || !doc.blocks) return []
  return doc.blocks.flatMap((block) => {
    if (block?._type === 'cardGrid') return [{ kind: `cards "${block.heading}"`, first: block.cards[0]!.title, count: block.cards.length }]
    if (block?._type === 'badges') return [{ kind: 'badges', first: block.badges[0]!, count: block.badges.length }]
    return []
  })
}

async function expectEvenRows(page: Page, path: string, width: number) {
  for (const grid of await gridsOf(path)) {
    const rows = await measureRows(page, grid.first)
    const where = `${path} at ${width} px: ${grid.kind}`
    expect(rows, where).not.toBeNull()
    const full = rows![0]!.count
    expect(rows!.reduce((sum, row) => sum + row.count, 0), where).toBe(grid.count)
    rows!.forEach((row, index) => {
      const last = index === rows!.length - 1
      // Every row but the last is full; the last is full or one short (never 3 + 1), and centred.
      if (!last) expect(row.count, `${where}, row ${index + 1}`).toBe(full)
      else expect(row.count, `${where}, last row of ${JSON.stringify(rows!.map((r) => r.count))}`).toBeGreaterThanOrEqual(full - 1)
      expect(Math.abs(row.leftGap - row.rightGap), `${where}, row ${index + 1} centred (gaps ${row.leftGap} / ${row.rightGap})`).toBeLessThanOrEqual(2)
    })
  }
}

/** The narrowest phone the site is drawn for. */
const NARROWEST = { width: 320, height: 640 }
/** The longest ad copy the site shows: 80 characters (MAX_KEYWORD_LENGTH), and one long run-together word. */
const LONGEST_AD_COPY = [
  `/?kw=${encodeURIComponent('licensed and insured family owned local exterminator for subterranean termites')}`,
  '/?kw=subterraneantermiteexterminators',
  `/v2?headline1=${encodeURIComponent('Same & Next Day Appointments With Licensed Exterminators In Your Neighborhood')}&q=y`,
]

describe('layout at 320 px', () => {
  it('keeps every element inside its container and every text inside its card or button, on every route', async () => {
    const page = await browser.newPage({ viewport: NARROWEST })
    try {
      for (const path of [...routes.map((route) => route.path), '/no-such-page-for-layout', ...LONGEST_AD_COPY]) {
        await visit(page, path)
        expect(await overflowsIn(page), path).toEqual([])
      }
    } finally {
      await page.close()
    }
  }, 120_000)
})

describe('layout at 390×844', () => {
  it('keeps every call button one line, its phone icon beside the first word, and no word cut off', async () => {
    expect(callRoutes.size).toBeGreaterThan(2)
    for (const path of callRoutes) {
      await visit(phone, path)
      const buttons = await measureCallButtons(phone)
      expect(buttons.length, path).toBeGreaterThan(0)
      for (const button of buttons) {
        const where = `${path}: "${button.label}"`
        expect(button.clipped, where).toBe(false)
        expect(button.buttonRight, where).toBeLessThanOrEqual(VIEWPORTS.phone.width)
        expect(button.lines, `${where} lines`).toBe(1)
        // The icon sits inside the first line's box (a wrapped label in a flex row centres the icon between lines).
        expect(button.iconCenterY, `${where} icon centre`).toBeGreaterThan(button.firstLine.top + 2)
        expect(button.iconCenterY, `${where} icon centre`).toBeLessThan(button.firstLine.bottom - 2)
        expect(button.firstLine.left - button.iconRight, `${where} icon gap`).toBeLessThanOrEqual(16)
        expect(button.firstLine.left - button.iconRight, `${where} icon gap`).toBeGreaterThanOrEqual(0)
      }
    }
  })

  it('lays out card grids and badge strips in even rows, a short last row centred', async () => {
    expect(gridRoutes.size).toBeGreaterThan(1)
    for (const path of gridRoutes) {
      await visit(phone, path)
      await expectEvenRows(phone, path, VIEWPORTS.phone.width)
    }
  })

  it('fills the screen on the 404 page down to the footer', async () => {
    await expectFilled(phone)
  })
})

describe('layout at 1280×800', () => {
  it("shows /exterminator's badges in one row", async () => {
    await visit(desktop, '/exterminator')
    const [badges] = (await gridsOf('/exterminator')).filter((grid) => grid.kind === 'badges')
    const rows = await measureRows(desktop, badges!.first)
    expect(rows!.map((row) => row.count)).toEqual([badges!.count])
  })

  it('lays out card grids and badge strips in even rows, a short last row centred', async () => {
    expect(gridRoutes.has('/grubtle')).toBe(true)
    for (const path of gridRoutes) {
      await visit(desktop, path)
      await expectEvenRows(desktop, path, VIEWPORTS.desktop.width)
    }
  })

  it('fills the screen on the 404 page down to the footer, no band under it', async () => {
    await expectFilled(desktop)
  })
})

async function expectFilled(page: Page) {
  const response = await visit(page, '/no-such-page-for-layout')
  expect(response?.status()).toBe(404)
  const box = await page.evaluate(() => {
    const footer = document.querySelector('footer')!.getBoundingClientRect()
    return {
      footerBottom: footer.bottom + window.scrollY,
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }
  })
  expect(box.scrollHeight).toBeGreaterThanOrEqual(box.innerHeight)
  expect(box.footerBottom).toBeGreaterThanOrEqual(box.innerHeight - 1)
  expect(Math.abs(box.footerBottom - box.scrollHeight)).toBeLessThanOrEqual(1)
}
