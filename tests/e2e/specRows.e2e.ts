import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, VIEWPORTS } from './browser'
import { expectedSite } from './expected'
import { startSite } from './nextServer'
import { sharedSiteUrl } from './sharedSite'

/**
 * Rows of the spec that the site once departed from, on the production server: /about-us is the
 * not-found page, /simple-landing's buttons only show messages, ad keywords pick their picture by the
 * spec's list, /v2's headline1 keeps its words, /studio without a Sanity project and odd `//…`
 * addresses never show developer or plain text.
 */
const baseUrl = sharedSiteUrl()
const { settings } = await expectedSite()
/** Plain `next start` on the same build, beside the suite's `npm start`. */
const PLAIN_NEXT_PORT = 3213
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function open(path: string, viewport: { width: number; height: number } = VIEWPORTS.phone): Promise<Page> {
  const page = await browser.newPage({ viewport })
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
  return page
}

const notFound = settings.notFound!

describe('/about-us (spec §2.1: no route; the footer link shows the not-found page)', () => {
  it('answers 404 with the not-found page, from the footer link too', async () => {
    const page = await open('/ants', VIEWPORTS.desktop)
    try {
      const link = page.locator('footer a[href="/about-us"]')
      expect(await link.count()).toBe(1)
      // Followed in the page (a client navigation), then loaded afresh.
      await link.click()
      await page.getByRole('heading', { name: notFound.heading! }).waitFor()
      const response = await page.goto(`${baseUrl}/about-us`)
      expect(response?.status()).toBe(404)
      // The header's logo is named by Site settings' words (spec §2.2), here as on every page.
      expect(await page.getByRole('banner').getByRole('link', { name: settings.logoAlt }).getAttribute('href')).toBe('/')
      await page.getByRole('heading', { name: notFound.heading! }).waitFor()
      expect(await page.getByRole('link', { name: notFound.linkLabel! }).getAttribute('href')).toBe('/')
    } finally {
      await page.close()
    }
  })

  it('is never fetched unasked: the footer link to it is a plain link, not prefetched', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone })
    const asked: string[] = []
    page.on('request', (request) => asked.push(request.url()))
    try {
      await page.goto(`${baseUrl}/ants`, { waitUntil: 'networkidle' })
      await page.locator('footer a[href="/about-us"]').scrollIntoViewIfNeeded()
      await page.locator('footer a[href="/privacy-policy"]').hover()
      await page.waitForLoadState('networkidle')
      expect(asked.filter((url) => url.includes('/about-us'))).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('is not in the sitemap', async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>')
    expect(sitemap).not.toContain('/about-us')
  })
})

describe('/simple-landing (spec §2.7, §8: the call buttons only show a message and make no request)', () => {
  it('shows the calling message for every call control of the page (call bar and footer number too) and opens no dialer, sending nothing', async () => {
    const page = await open('/simple-landing')
    const requests: Request[] = []
    const navigations: string[] = []
    try {
      page.on('request', (request) => requests.push(request))
      page.on('framenavigated', (frame) => navigations.push(frame.url()))
      const buttons = page.locator('a[href^="tel:"]')
      const count = await buttons.count()
      const sources = await buttons.evaluateAll((links) => links.map((link) => link.getAttribute('data-call-source')))
      expect(sources).toEqual(expect.arrayContaining(['header', 'sticky-bar', 'footer']))
      expect(count).toBeGreaterThanOrEqual(5)
      for (let index = 0; index < count; index++) {
        // Dispatched, not clicked: the header's button is hidden at this width and still must not dial.
        const button = buttons.nth(index)
        const prevented = await button.evaluate((link) => {
          const event = new MouseEvent('click', { bubbles: true, cancelable: true })
          link.dispatchEvent(event)
          return event.defaultPrevented
        })
        expect(prevented, `button ${index}`).toBe(true)
      }
      await page.getByText('Calling Pest Control Experts').first().waitFor()
      expect(await page.getByText('Connecting you with local pest control professionals...').first().isVisible()).toBe(true)
      // A real tap on the call bar, as a visitor makes it: the message again, no dialer.
      await page.getByTestId('sticky-call-bar').locator('a').click()
      await page.waitForTimeout(300)
      expect(requests.filter((request) => request.url().includes('/api/')).map((request) => request.url())).toEqual([])
      expect(requests.filter((request) => request.method() !== 'GET')).toEqual([])
      expect(navigations.filter((url) => url.startsWith('tel:'))).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('leaves call buttons on other pages dialling and logging as before', async () => {
    const page = await open('/ants')
    try {
      const prevented = await page.locator('main a[href^="tel:"]').first().evaluate((link) => {
        const event = new MouseEvent('click', { bubbles: true, cancelable: true })
        link.dispatchEvent(event)
        const wasPrevented = event.defaultPrevented
        return wasPrevented
      })
      expect(prevented).toBe(false)
    } finally {
      await page.close()
    }
  })
})

describe('pictures for ad keywords (whole words first, else a key written together with another word)', () => {
  const pictureOf = async (query: string) => {
    const html = await (await fetch(`${baseUrl}/?${query}`)).text()
    const figure = /<figure[\s\S]*?<\/figure>/.exec(html)?.[0] ?? ''
    return /illustrations\/([a-z-]+)\.svg/.exec(figure)?.[1]
  }

  it.each([
    ['kw=hornetnestremoval', 'hornet'],
    ['kw=cockroachexterminator', 'cockroach'],
    ['kw=waspnest', 'wasp'],
    ['kw=ratexterminator', 'mouse'],
    ['kw=licensed+and+insured+family+owned+local+exterminator+for+bed+bugs', 'bed-bug'],
    ['kw=licensed+and+insured+family+owned+local+exterminator+for+german+cockroaches', 'cockroach'],
    ['slkw=how+do+i+get+rid+of+mice+in+my+attic+fast+without+poison+or+traps', 'mouse'],
    ['kw=exterminator+rates', 'ant'],
  ])('%s → the %s picture', async (query, file) => {
    expect(await pictureOf(query)).toBe(file)
  })
})

describe('/v2 headline1 (spec §2.8, §4: only q=y changes it)', () => {
  it('keeps a trailing "near me" in the headline and asks it with q=y', async () => {
    const html = await (await fetch(`${baseUrl}/v2?headline1=Exterminator+Near+Me&q=y`)).text()
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe('Exterminator Near Me?')
  })

  it('keeps the advertiser’s own capitals, and keywords are cased as titles are written', async () => {
    const h1 = async (path: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${baseUrl}${path}`)).text())?.[1]?.replaceAll('&amp;', '&')
    expect(await h1('/v2?headline1=Need+an+Exterminator+Today')).toBe('Need an Exterminator Today')
    expect(await h1('/?kw=pest+control+austin+tx')).toBe('Pest Control Austin TX')
    expect(await h1('/?kw=mice+in+walls')).toBe('Mice in Walls')
    expect(await h1('/?kw=exterminator+%231')).toBe('Exterminator #1')
  })
})

describe('/studio on a production server with no Sanity project', () => {
  it('is the site’s not-found page, with no developer text, under npm start and plain next start', async () => {
    const plainNext = await startSite(PLAIN_NEXT_PORT, {}, 'next')
    try {
      for (const base of [baseUrl, plainNext.url]) {
        for (const path of ['/studio', '/studio/structure']) {
          const response = await fetch(`${base}${path}`, { headers: { accept: BROWSER_ACCEPT } })
          expect(response.status, `${base}${path}`).toBe(404)
          const html = await response.text()
          expect(html).toContain(notFound.heading!)
          expect(html).not.toMatch(/Content Lake|certificate|npm run dev/)
        }
      }
      // Logged once each, as every missing path is (spec §2.12).
      for (const path of ['/studio', '/studio/structure']) expect(plainNext.logs.filter((line) => line.trim() === `[404] ${path}`), path).toHaveLength(1)
    } finally {
      await plainNext.stop()
    }
  }, 60_000)
})

describe('odd addresses', () => {
  it.each([
    ['//ants', '/ants'],
    ['///', '/'],
    ['//wasps?kw=nest', '/wasps?kw=nest'],
    ['//evil.example/x', '/evil.example/x'],
  ])('%s → a redirect to %s, which the browser then shows', async (target, location) => {
    const response = await fetch(`${baseUrl}${target}`, { redirect: 'manual', headers: { accept: BROWSER_ACCEPT } })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe(location)
    await response.arrayBuffer()
    const page = await browser.newPage({ viewport: VIEWPORTS.phone })
    try {
      const answer = await page.goto(`${baseUrl}${target}`)
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin)
      expect(new URL(page.url()).pathname).toBe(location.split('?')[0])
      expect(answer?.status(), target).toBe(location.startsWith('/evil') ? 404 : 200)
      expect(await page.locator('h1').count()).toBe(1)
    } finally {
      await page.close()
    }
  })

  it('other refused addresses keep their status and show the branded not-found page to a browser', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone })
    try {
      for (const [path, status] of [[`/${'a'.repeat(5_000)}`, 414]] as const) {
        const answer = await page.goto(`${baseUrl}${path}`)
        expect(answer?.status()).toBe(status)
        await page.getByRole('heading', { name: notFound.heading! }).waitFor()
        expect(await page.locator('footer').count()).toBe(1)
      }
    } finally {
      await page.close()
    }
    const tool = await fetch(`${baseUrl}/${'a'.repeat(5_000)}`, { headers: { accept: '*/*' } })
    expect(tool.status).toBe(414)
    expect(tool.headers.get('content-type')).toMatch(/^text\/plain/)
    await tool.text()
  })
})

describe('/grubtle service cards', () => {
  it('line up their Learn More buttons at 1280 px, whatever each card says', async () => {
    const page = await open('/grubtle', VIEWPORTS.desktop)
    try {
      const tops = await page.locator('ul.cards > li > button').evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)))
      expect(tops.length).toBeGreaterThanOrEqual(3)
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1)
    } finally {
      await page.close()
    }
  })
})
