/**
 * What every part of the in-page call tracker shares: the page's cookies, its ad context, the Google tag's command
 * queue, and the beacon to the site's own call log. Browser code only: it is bundled into the inline script
 * (scripts/buildTracker.ts), never imported by the server.
 */

type Gtag = (...command: unknown[]) => void

/** The window with the Google tag's command queue (there from startCommandQueue on), and `gtag` for other scripts. */
export const page = window as Window & { dataLayer?: unknown[]; gtag?: Gtag }

export function readCookie(name: string): string {
  const match = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'))
  return match ? decodeURIComponent(match[1]!) : ''
}

/** A first-party cookie the server never needs to set, so cached pages stay cacheable. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = name + '=' + encodeURIComponent(value) + '; Max-Age=' + maxAgeSeconds + '; Path=/; SameSite=Lax; Secure'
}

/** Creates the command queue when no tag has yet; the tracker's own commands always go through `gtag` below. */
export function startCommandQueue(): void {
  page.dataLayer = page.dataLayer || []
  page.gtag = page.gtag || gtag
}

/** Queues a Google tag command. The tag reads a queued command only as an Arguments object, never as an array. */
export const gtag: Gtag = function () {
  // eslint-disable-next-line prefer-rest-params -- gtag.js tells commands from dataLayer events by their Arguments type
  page.dataLayer!.push(arguments)
}

/** The page's ad context, rendered as data-call-* attributes on <main> (empty strings where a page has none). */
export function pageContext() {
  const main = document.getElementById('main')
  const attribute = (name: string) => main?.getAttribute('data-call-' + name) || ''
  return {
    keyword: attribute('keyword'),
    location: attribute('location'),
    variant: attribute('variant'),
    variantKey: attribute('variant-key'),
    experiment: attribute('experiment'),
    arm: attribute('arm'),
    /** The tracking number shown. */
    number: attribute('number'),
  }
}

/** One JSON body to /api/calls, sent even while the page unloads for the dialer; lost silently where beacons are not. */
export function sendBeacon(body: object): void {
  try {
    navigator.sendBeacon?.('/api/calls', new Blob([JSON.stringify(body)], { type: 'application/json' }))
  } catch {
    // The call log misses this tap; the dialer opens all the same.
  }
}

/** Runs once the page (and everything it loads) has loaded: now, or at the load event. */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run()
  else page.addEventListener('load', run)
}
