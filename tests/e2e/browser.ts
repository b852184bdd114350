import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's Chromium with the flags this offline machine needs (no background network, no sandbox as root). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const

/**
 * A browser context for the Studio: an editor's desktop, with reduced motion, which the Studio's own UI honours, so
 * its transitions and spinners draw fewer frames (measured: Chromium's compositor 13 → 6 CPU-seconds over
 * studio.e2e.ts) on a 2-core machine where the other browser file runs beside it.
 */
export const STUDIO_CONTEXT = { viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' } as const

/**
 * A phone context whose framework scripts (Next's chunks) arrive only when `release` is called; the stylesheet and the
 * inline tracker are not held, so the page paints and counts taps: what a visitor who taps before hydration meets.
 */
export async function heldFrameworkContext(browser: Browser): Promise<{ context: BrowserContext; release: () => void }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone })
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/_next\/static\/chunks\/.*\.js(?:\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  return { context, release }
}

/**
 * A Studio page in a browser as on a developer's fresh machine: a new profile and a HOME (`home`, a folder the caller
 * owns) with an empty trust store, so no mkcert authority and no accepted exception; `refused` lists every request
 * Chromium refused for its certificate.
 */
export async function freshMachineStudioPage(home: string): Promise<{ browser: Browser; page: Page; refused: string[] }> {
  mkdirSync(path.join(home, '.pki'), { recursive: true })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: { ...process.env, HOME: home } })
  const page = await (await browser.newContext(STUDIO_CONTEXT)).newPage()
  const refused: string[] = []
  recordCertificateRefusals(page, refused)
  return { browser, page, refused }
}

/** Adds to `refused` every request of `page` Chromium refuses for its certificate or its TLS (address: error). */
export function recordCertificateRefusals(page: Page, refused: string[]): void {
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? ''
    if (/ERR_CERT|ERR_SSL/.test(error)) refused.push(`${request.url()}: ${error}`)
  })
}
