import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { telHref } from '../../web/lib/phone'
import { axeViolations } from './axe'
import { VIEWPORTS } from './browser'
import { expectedSite } from './expected'
import { pagePoolForFile } from './pagePool'
import { sharedSiteUrl } from './sharedSite'

const baseUrl = sharedSiteUrl()
const site = await expectedSite()
/** ROUTE_SHOTS=folder saves each route's screenshot at both sizes (for looking at them); tests run without. */
const SCREENS = process.env.ROUTE_SHOTS

const REQUIRED_PATHS = [
  '/',
  '/ants',
  '/roaches',
  '/mice-rats',
  '/bed-bugs',
  '/silverfish',
  '/wasps',
  '/hornets',
  '/yellow-jackets',
  '/stink-bugs',
  '/cluster-flies',
  '/spiders',
  '/moths',
  '/drain-flies',
  '/privacy-policy',
  '/terms-of-service',
  '/mice-repellents',
  '/hornet-nest-removal-near-me',
  '/simple-landing',
  '/v2',
  '/exterminator',
  '/grubtle',
]

/** Pooled pages: each visit a first visit (cookies and storage cleared), the site's static files from the cache. */
const pages = pagePoolForFile()

beforeAll(() => {
  if (SCREENS) mkdirSync(SCREENS, { recursive: true })
})

/** Loads `path` at `viewport` in a pooled page and runs `check` on it with the answer's status. */
function visit(path: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], check: (page: Page, status: number) => Promise<void>): Promise<void> {
  return pages.with(viewport, async (page) => {
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
    await check(page, response?.status() ?? 0)
  })
}

describe('the bundled dataset', () => {
  it('has a document for every route of the spec', () => {
    expect(site.routes.map((route) => route.path).sort()).toEqual(expect.arrayContaining(REQUIRED_PATHS))
  })
})

// Pages side by side (vitest's maxConcurrency, 5): each mostly waits for its load and axe.
describe.concurrent.each(site.routes)('$path', (route) => {
  it.for(Object.entries(VIEWPORTS))('renders on %s with its H1, the settings phone on every call link and every shown number tappable', async ([name, viewport], { expect }) => {
    await visit(route.path, viewport, async (page, status) => {
      expect(status).toBe(200)
      const h1s = await page.locator('h1').allInnerTexts()
      expect(h1s).toHaveLength(1)
      expect(h1s[0]?.trim()).toBe(route.h1)

      expect(await page.title()).toBe(route.title)

      const telLinks = await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      if (route.chrome === 'none' && route.callBar === 'none') {
        // A sample company template: placeholder details, no call links of ours.
        expect(telLinks).toEqual([])
      } else {
        expect(telLinks.length).toBeGreaterThan(0)
        expect(new Set(telLinks)).toEqual(new Set([telHref(site.settings.phone)]))
      }

      // Spec: the number "appears in many places, always as a tappable telephone link".
      const untappableNumbers = await page.evaluate(() => {
        const phoneShape = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}/
        const found: string[] = []
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement
          if (!parent || !phoneShape.test(node.textContent ?? '')) continue
          if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
          if (!parent.closest('a[href^="tel:"]')) found.push(node.textContent ?? '')
        }
        return found
      })
      expect(untappableNumbers).toEqual([])

      const headerCall = page.getByTestId('header-call')
      const stickyBar = page.getByTestId('sticky-call-bar')
      if (route.chrome === 'none') expect(await headerCall.count()).toBe(0)
      else if (name === 'phone') expect(await headerCall.isVisible()).toBe(false)
      else {
        expect(await headerCall.isVisible()).toBe(true)
        expect(await headerCall.innerText()).toContain(site.settings.headerLabel)
      }
      if (route.callBar === 'phones') expect(await stickyBar.isVisible()).toBe(name === 'phone')
      else if (route.callBar === 'none') expect(await stickyBar.count()).toBe(0)
      else expect(await page.getByTestId('reveal-call-bar').getAttribute('data-shown')).toBe('false')

      const robots = await page.locator('meta[name="robots"]').getAttribute('content')
      expect(robots?.replace(/\s/g, '')).toBe(route.robots)

      expect(await axeViolations(page)).toEqual([])

      if (SCREENS) await page.screenshot({ path: `${SCREENS}/${route.path === '/' ? 'home' : route.path.slice(1)}-${name}.png`, fullPage: name === 'phone' })
    })
  })
})

describe('legal pages', () => {
  it.each(['/privacy-policy', '/terms-of-service'])('%s is noindex,follow', async (path) => {
    const html = await (await fetch(`${baseUrl}${path}`)).text()
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/)
  })
})

describe('not found', () => {
  it.each(['/no-such-page', '/about-us', '/about-us/deeper', '/home'])('%s answers 404 with the not-found page', async (path) => {
    await visit(path, VIEWPORTS.phone, async (page, status) => {
      expect(status).toBe(404)
      expect(await axeViolations(page)).toEqual([])
      const notFound = site.settings.notFound
      expect(await page.locator('h1').innerText()).toBe(notFound?.heading)
      expect(await page.getByText(notFound?.code ?? '404', { exact: true }).isVisible()).toBe(true)
      const home = page.getByRole('link', { name: notFound?.linkLabel ?? '' })
      expect(await home.getAttribute('href')).toBe('/')
    })
  })

  it.each(['/no-such-page', '/home'])('%s is the rendered not-found page before any script runs', async (path) => {
    const html = await (await fetch(`${baseUrl}${path}`)).text()
    expect(html).toMatch(/<html lang="en"/)
    expect(html).toContain(`>${site.settings.notFound?.heading}</h1>`)
  })
})
