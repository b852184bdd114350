import type { TrackerConfig } from '../settings.ts'
import { afterLoad, gtag, page } from './page.ts'

/**
 * The Google tag (gtag.js, or a Tag Manager container), only when Site settings configure one: its configuration is
 * queued now, the script itself loads after the page has loaded and the browser is idle, so it never delays the
 * first paint. The front names Google's hosts in a page's policy only when the page loads the tag.
 */
export function loadGoogleTag(settings: TrackerConfig): void {
  const { origin, ads, ga, gtm } = settings
  if (!origin || !(ads || ga || gtm)) return
  if (gtm) page.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  else {
    gtag('js', new Date())
    if (ads) gtag('config', ads)
    if (ga) gtag('config', ga)
    // Google's forwarding number for "calls from website" replaces the shown number once the tag runs.
    if (settings.forwardingLabel && settings.shownPhone) gtag('config', ads + '/' + settings.forwardingLabel, { phone_conversion_number: settings.shownPhone })
  }
  const load = () => {
    const script = document.createElement('script')
    script.async = true
    script.src = origin + (gtm ? '/gtm.js?id=' + encodeURIComponent(gtm) : '/gtag/js?id=' + encodeURIComponent((ads || ga)!))
    document.head.appendChild(script)
  }
  // Safari has no requestIdleCallback.
  afterLoad(() => (page.requestIdleCallback || ((run: () => void) => setTimeout(run, 1)))(load, { timeout: 2000 }))
}
