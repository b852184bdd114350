import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { telHref } from '../../web/lib/phone'
import { heldFrameworkContext, launchBrowser, VIEWPORTS } from './browser'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { expectedSite } from './expected'
import { sharedSiteUrl } from './sharedSite'

const baseUrl = sharedSiteUrl()
const { settings } = await expectedSite()
const TEL = telHref(settings.phone)

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

/** The field's filter is React's: waits until React has hydrated the element (it marks what it hydrated). */
async function untilHydrated(field: Locator): Promise<void> {
  await field.page().waitForFunction((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')), await field.elementHandle(), { timeout: 30_000 })
}

describe('/simple-landing', () => {
  it('keeps digits only in the ZIP field, enables Find Pros at exactly 5, and shows the search message', async () => {
    const page = await open('/simple-landing')
    try {
      const zip = page.getByRole('textbox', { name: /zip/i })
      const button = page.getByRole('button', { name: 'Find Pros' })
      expect(await button.isDisabled()).toBe(true)
      // Typed once React has hydrated the field (the test below types before).
      await untilHydrated(zip)
      await zip.pressSequentially('9a0-2b1')
      expect(await zip.inputValue()).toBe('9021')
      expect(await button.isDisabled()).toBe(true)
      await zip.pressSequentially('0777')
      expect(await zip.inputValue()).toBe('90210')
      expect(await button.isEnabled()).toBe(true)
      await button.click()
      await page.getByText('Finding Local Experts').waitFor()
      expect(await page.getByText('Searching for pest control services in 90210...').isVisible()).toBe(true)
    } finally {
      await page.close()
    }
  })

  it('a ZIP typed before the framework has loaded is filtered to its digits once it loads, and enables Find Pros', async () => {
    const { context, release } = await heldFrameworkContext(browser)
    try {
      const page = await context.newPage()
      await page.goto(`${baseUrl}/simple-landing`, { waitUntil: 'commit' })
      const zip = page.getByRole('textbox', { name: /zip/i })
      await zip.pressSequentially('9a0-2b10')
      release()
      await untilHydrated(zip)
      await page.waitForFunction((field) => (field as HTMLInputElement).value === '90210', await zip.elementHandle(), { timeout: 10_000 }).catch(async () => {
        throw new Error(`the ZIP typed before hydration reads "${await zip.inputValue()}" after it, not "90210"`)
      })
      expect(await page.getByRole('button', { name: 'Find Pros' }).isEnabled()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('shows the calling message on a call button (the link names the settings phone; specRows.e2e.ts: it only shows the message)', async () => {
    const page = await open('/simple-landing')
    try {
      const call = page.locator('main a[href^="tel:"]').first()
      expect(await call.getAttribute('href')).toBe(TEL)
      // Keep the browser from leaving for the dialer; the click event still runs.
      await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()))
      await call.click()
      await page.getByText('Calling Pest Control Experts').waitFor()
      expect(await page.getByText('Connecting you with local pest control professionals...').isVisible()).toBe(true)
    } finally {
      await page.close()
    }
  })

  it('a call tap made before the framework has loaded still shows the calling message, once', async () => {
    // The framework's scripts (and with them the toast layer) arrive only after the tap; the page has painted.
    const { context, release } = await heldFrameworkContext(browser)
    const page = await context.newPage()
    try {
      await page.goto(`${baseUrl}/simple-landing`, { waitUntil: 'commit' })
      const call = page.locator('main a[href^="tel:"]').first()
      await call.waitFor()
      // The in-page tracker runs before the framework: the tap is counted as on any phone.
      await page.waitForFunction(() => Array.isArray((window as Window & { dataLayer?: unknown[] }).dataLayer))
      await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()))
      await call.click()
      expect(await page.getByText('Calling Pest Control Experts').count()).toBe(0)
      release()
      await page.getByText('Calling Pest Control Experts').waitFor({ timeout: 30_000 })
      expect(await page.getByText('Connecting you with local pest control professionals...').isVisible()).toBe(true)
      // One tap, one message.
      await page.waitForTimeout(1_000)
      expect(await page.getByText('Calling Pest Control Experts').count()).toBe(1)
    } finally {
      await context.close()
    }
  })

  it('describes the referral service to search engines with its own details, and no rating without a source', async () => {
    const html = await (await fetch(`${baseUrl}/simple-landing`)).text()
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!))
    const service = scripts.find((data) => data['@type'] === 'Service')
    expect(service).toMatchObject({ '@context': 'https://schema.org', name: settings.brandName, broker: { name: settings.brandName, telephone: settings.phone }, areaServed: { name: 'United States' } })
    expect(service.description).toMatch(/^Free referral service/)
    // The bundled content names no reviews address: its sample score is shown, never claimed to search engines.
    expect(service.aggregateRating).toBeUndefined()
    expect(html).toContain('2,847')
  })

  it('downloads the toast library only on pages that show messages', async () => {
    /** The page's scripts as fetched, once every script it adds (after its first paint) has loaded and run. */
    async function scriptsOf(path: string, shown: boolean): Promise<string[]> {
      const page = await browser.newPage({ viewport: VIEWPORTS.phone })
      const bodies: Promise<string>[] = []
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) bodies.push(response.text().catch(() => ''))
      })
      try {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
        if (shown) {
          // The toast layer is mounted: sonner's region is in the page (it is fetched after hydration, so it comes last).
          await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached', timeout: 30_000 })
        } else {
          // The visitor's first move starts the framework on a page that waits for it (web/server/scriptsAfterPaint.ts).
          await page.mouse.move(20, 20)
          // Every script the page added has been fetched; a chunk asked for by a component would be asked for right after.
          await page.waitForFunction(() => {
            const fetched = new Set(performance.getEntriesByType('resource').map((entry) => entry.name))
            // (A nomodule script is for old browsers only: this one never fetches it.)
            const scripts = [...document.querySelectorAll('script[src]:not([nomodule])')].map((script) => (script as HTMLScriptElement).src)
            return scripts.length > 1 && scripts.every((src) => fetched.has(src))
          }, undefined, { timeout: 30_000 })
          await page.waitForLoadState('networkidle')
          await page.waitForTimeout(1000)
        }
        return await Promise.all(bodies)
      } finally {
        await page.close()
      }
    }
    const toastLibrary = (bodies: string[]) => bodies.some((body) => body.includes('visibleToasts'))
    expect(toastLibrary(await scriptsOf('/simple-landing', true))).toBe(true)
    expect(toastLibrary(await scriptsOf('/ants', false))).toBe(false)
    expect(toastLibrary(await scriptsOf('/', false))).toBe(false)
  })
})

describe("the framework's scripts", () => {
  const framework = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/_next/static/chunks/') && entry.name.endsWith('.js')).length)
  // React marks every element it has hydrated.
  const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector('a[href^="tel:"]') ?? {}).some((key) => key.startsWith('__reactFiber')), undefined, { timeout: 30_000 })

  it('wait on an ad landing page until the visitor first touches it, while its call button works; then start', async () => {
    const page = await open('/?kw=ant+control&loc_physical_ms=1026339')
    try {
      await page.waitForTimeout(2_000)
      expect(await framework(page)).toBe(0)
      const call = page.locator('a[href^="tel:"]').first()
      expect(await call.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/)
      await page.mouse.move(5, 400)
      await hydrated(page)
      expect(await framework(page)).toBeGreaterThan(1)
    } finally {
      await page.close()
    }
  })

  it('start after the first paint where the page needs them before a touch (the call bar that appears on scroll)', async () => {
    const page = await open('/v2')
    try {
      await hydrated(page)
      expect(await framework(page)).toBeGreaterThan(1)
    } finally {
      await page.close()
    }
  })
})

describe('/v2', () => {
  it('hides the call bar until the hero is scrolled past (minus 100 px), then shows it', async () => {
    const page = await open('/v2')
    try {
      const bar = page.getByTestId('reveal-call-bar')
      expect(await bar.isVisible()).toBe(false)
      const heroBottom = await page.locator('[data-hero]').evaluate((hero) => hero.getBoundingClientRect().bottom + window.scrollY)
      await page.evaluate((y) => window.scrollTo(0, y), heroBottom - 150)
      await page.waitForTimeout(100)
      expect(await bar.getAttribute('data-shown')).toBe('false')
      await page.evaluate((y) => window.scrollTo(0, y), heroBottom - 90)
      await page.waitForFunction(() => document.querySelector('[data-testid="reveal-call-bar"]')?.getAttribute('data-shown') === 'true')
      await page.waitForTimeout(400)
      expect(await bar.isVisible()).toBe(true)
      expect(await bar.locator('a').getAttribute('href')).toBe(TEL)
    } finally {
      await page.close()
    }
  })

  it('opens one FAQ at a time, lets the open one close, and works from the keyboard', async () => {
    const page = await open('/v2')
    try {
      const items = page.getByTestId('faq').locator('details')
      expect(await items.count()).toBe(5)
      const openCount = () => items.evaluateAll((all) => all.filter((item) => (item as HTMLDetailsElement).open).length)
      await items.nth(0).locator('summary').click()
      expect(await openCount()).toBe(1)
      await items.nth(1).locator('summary').click()
      expect(await openCount()).toBe(1)
      expect(await items.nth(1).evaluate((item) => (item as HTMLDetailsElement).open)).toBe(true)
      await items.nth(1).locator('summary').click()
      expect(await openCount()).toBe(0)
      await items.nth(2).locator('summary').focus()
      await page.keyboard.press('Enter')
      expect(await items.nth(2).evaluate((item) => (item as HTMLDetailsElement).open)).toBe(true)
      const faqText = ((await page.getByTestId('faq').textContent()) ?? '').toLowerCase()
      expect(faqText).toMatch(/30 days/)
    } finally {
      await page.close()
    }
  })

  it('keeps the address unchanged when Enter is pressed in the form or its button is pressed', async () => {
    const page = await open('/v2')
    try {
      const before = page.url()
      await page.getByLabel('First Name').fill('Ada')
      await page.getByLabel('Phone Number').fill('5550100')
      await page.getByLabel('First Name').press('Enter')
      await page.getByTestId('contact-form').getByRole('button').click()
      await page.waitForTimeout(300)
      expect(page.url()).toBe(before)
      expect(page.url()).not.toContain('Ada')
      expect(await page.getByLabel('First Name').inputValue()).toBe('Ada')
    } finally {
      await page.close()
    }
  })

  it('uses headline1 as the hero title, asks it as a question with q=y, and names the city', async () => {
    const html = await (await fetch(`${baseUrl}/v2?headline1=need+an+exterminator&q=y&loc_physical_ms=1015116`)).text()
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe('Need an Exterminator?')
    expect(html).toContain('We service Miami and the surrounding area in FL.')
  })
})

describe('/exterminator', () => {
  it('has only call links as calls to action, no form, and the Los Angeles case', async () => {
    const page = await open('/exterminator', VIEWPORTS.desktop)
    try {
      expect(await page.locator('form').count()).toBe(0)
      const links = await page.locator('main a').evaluateAll((all) => all.map((link) => link.getAttribute('href')))
      expect(links.length).toBeGreaterThanOrEqual(6)
      expect(new Set(links)).toEqual(new Set([TEL]))
      const text = await page.locator('main').innerText()
      expect(text).toContain('$189')
      expect(text).toContain('Los Angeles')
      expect(text).toMatch(/24 hours/)
      expect(await page.getByTestId('faq').locator('details').count()).toBe(6)
    } finally {
      await page.close()
    }
  })
})

describe('/mice-repellents', () => {
  it('has the six failure rates in a table and the cost comparison', async () => {
    const page = await open('/mice-repellents')
    try {
      const rates = await page.getByTestId('comparison-table').locator('tbody tr td:last-child').allInnerTexts()
      expect(rates.map((rate) => rate.match(/\d+%/)?.[0])).toEqual(['95%', '85%', '90%', '80%', '99%', '60%'])
      const text = await page.locator('main').innerText()
      for (const figure of ['$50-200+', '$20-50', '$200-400', '10-20%', '95-99%']) expect(text).toContain(figure)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    } finally {
      await page.close()
    }
  })
})

describe('/grubtle', () => {
  it('is the static sample template: its buttons are buttons that do nothing', async () => {
    const page = await open('/grubtle')
    try {
      expect(await page.locator('h1').innerText()).toBe('LIVE BETTER. LIVE PEST FREE.')
      const buttons = page.locator('main button')
      expect(await buttons.count()).toBeGreaterThanOrEqual(8)
      const before = page.url()
      for (const label of ['Get Quote', 'Get Free Estimate', 'Call Now']) await page.getByRole('button', { name: label }).first().click()
      await page.getByRole('button', { name: 'Learn More' }).first().click()
      expect(page.url()).toBe(before)
      expect(await page.locator('main a[href]').count()).toBe(0)
      expect(await page.locator('main').innerText()).toContain('2024')
    } finally {
      await page.close()
    }
  })
})

describe('pest pictures (no Supabase, no uploaded photo)', () => {
  const pests = bundledDocuments().filter((doc) => doc._type === 'pest') as unknown as { imageFile: string; illustrationAlt: string }[]
  const drawing = (imageFile: string) => pests.find((pest) => pest.imageFile === imageFile)!

  it.each([
    ['/', 'ant'],
    ['/wasps', 'wasp'],
    ['/yellow-jackets', 'yellow-jacket'],
    ['/moths', 'moth'],
    ['/?kw=bed+bugs', 'bed-bug'],
  ])('%s shows the %s drawing, described as the drawing', async (path, imageFile) => {
    const page = await open(path)
    try {
      const image = page.locator('main img').first()
      expect(await image.evaluate((img: HTMLImageElement) => new URL(img.src).pathname)).toBe(`/illustrations/${imageFile}.svg`)
      expect(await image.getAttribute('alt')).toBe(drawing(imageFile).illustrationAlt)
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    } finally {
      await page.close()
    }
  })
})

describe('phone layout details', () => {
  it('/exterminator: the hero call button is one line, clear of the sticky bar, and three benefits stack without an orphan', async () => {
    const page = await open('/exterminator')
    try {
      const button = page.locator('[data-hero] a[data-call-source="hero-button"]')
      const box = (await button.boundingBox())!
      const lineHeight = await button.evaluate((link) => parseFloat(getComputedStyle(link).lineHeight))
      expect(box.height).toBeLessThan(lineHeight * 2 + 24)
      expect(await button.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true)
      await button.scrollIntoViewIfNeeded()
      const buttonBox = (await button.boundingBox())!
      const barBox = (await page.getByTestId('sticky-call-bar').boundingBox())!
      expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(barBox.y)
      const tiles = await page.locator('[data-hero] ul > li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left))
      expect(tiles).toHaveLength(3)
      expect(new Set(tiles).size).toBe(1)
    } finally {
      await page.close()
    }
  })

  it('/mice-repellents: the do-it-yourself card crosses its drawbacks, the professional card checks its strengths', async () => {
    const page = await open('/mice-repellents')
    try {
      const marks = await page.locator('[data-mark]').evaluateAll((items) => items.map((item) => item.getAttribute('data-mark')))
      expect(marks).toContain('cross')
      expect(marks).toContain('check')
      const firstCard = await page.locator('[data-mark]').first().getAttribute('data-mark')
      expect(firstCard).toBe('cross')
    } finally {
      await page.close()
    }
  })

  it('/v2 shows 4.6 stars and /simple-landing shows one rating only', async () => {
    const page = await open('/v2')
    try {
      expect(await page.locator('[data-hero] [data-score]').getAttribute('data-score')).toBe('4.6')
    } finally {
      await page.close()
    }
    const simple = await open('/simple-landing')
    try {
      expect(await simple.locator('[data-score]').count()).toBe(1)
    } finally {
      await simple.close()
    }
  })
})
