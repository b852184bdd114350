import { chromium, type Browser } from 'playwright-core'

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
