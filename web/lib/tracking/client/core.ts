import { CALL_CLICK_EVENT } from '../events.ts'
import type { TrackerConfig } from '../settings.ts'
import { afterLoad, gtag, page, pageContext, readCookie, sendBeacon, startCommandQueue, writeCookie } from './page.ts'

const CLICK_COOKIE = 'lpe_click'
const OPT_OUT_COOKIE = 'lpe_optout'
const CLICK_ID_DAYS = 90
const DAY_SECONDS = 86_400
/** Ad click IDs kept from the landing address, for offline conversion imports. */
const CLICK_ID_NAMES = ['gclid', 'gbraid', 'wbraid', 'msclkid'] as const
/** What a click ID looks like; anything else in the address is not kept. */
const CLICK_ID = /^[A-Za-z0-9_.-]{1,200}$/

type ClickIds = { [name in (typeof CLICK_ID_NAMES)[number]]?: string } & { at?: number }

/** What the rest of the tracker needs to know about this visit. */
export interface Visit {
  settings: TrackerConfig
  /** The landing address's query. */
  query: URLSearchParams
  /** The landing address carried an ad click ID. */
  adClick: boolean
}

/**
 * The part of the tracker every page runs: keeps click IDs, sets consent defaults before any tag, counts call
 * taps and "kept its version" visits.
 */
export function startTracker(): Visit {
  const settings = readSettings()
  const query = new URLSearchParams(location.search)
  const adClick = keepClickIds(query)
  startCommandQueue()
  setConsentDefaults()
  document.addEventListener('click', (event) => onClick(event, settings), true)
  afterLoad(reportSeen)
  return { settings, query, adClick }
}

/** Site settings → Tracking, as the page renders them into <script id="call-tracking">; none is `{}`. */
function readSettings(): TrackerConfig {
  try {
    return JSON.parse(document.getElementById('call-tracking')!.textContent!) || {}
  } catch {
    return {}
  }
}

/**
 * Keeps the landing address's click IDs for 90 days. Set here, in the browser, so the page a visitor landed on stays
 * cacheable. Returns whether there was one.
 */
function keepClickIds(query: URLSearchParams): boolean {
  const ids: ClickIds = {}
  let found = false
  for (const name of CLICK_ID_NAMES) {
    const value = query.get(name)
    if (value && CLICK_ID.test(value)) {
      ids[name] = value
      found = true
    }
  }
  if (found) {
    ids.at = Date.now()
    writeCookie(CLICK_COOKIE, JSON.stringify(ids), CLICK_ID_DAYS * DAY_SECONDS)
  }
  return found
}

function keptClickIds(): ClickIds {
  try {
    return JSON.parse(readCookie(CLICK_COOKIE) || '{}')
  } catch {
    return {}
  }
}

/**
 * Consent Mode v2 defaults, queued before any tag: granted, except that Global Privacy Control or the footer's
 * "Your Privacy Choices" opt-out deny ad storage, ad user data and ad personalization, with restricted data processing.
 */
function setConsentDefaults(): void {
  const optedOut = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || readCookie(OPT_OUT_COOKIE) === '1'
  const state = optedOut ? 'denied' : 'granted'
  gtag('consent', 'default', { ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: 'granted' })
  if (optedOut) gtag('set', { restricted_data_processing: true })
}

function optOut(): void {
  writeCookie(OPT_OUT_COOKIE, '1', 365 * DAY_SECONDS)
  gtag('consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })
  gtag('set', { restricted_data_processing: true })
}

/**
 * Every click, in the capture phase so a tap counts before anything else handles it. The footer's opt-out link; any
 * call link of a page that only shows a message for its calls (`data-call-toast-only` on <main> covers the header,
 * the call bar and the footer too): the `call-click` event alone, no dialer; any other call link: one beacon to the
 * call log, one conversion, the `call-click` events, and the dialer opens.
 */
function onClick(event: MouseEvent, settings: TrackerConfig): void {
  const target = event.target instanceof Element ? event.target : null
  const privacyChoices = target?.closest('a[data-privacy-choices]')
  if (privacyChoices) {
    event.preventDefault()
    optOut()
    privacyChoices.textContent = privacyChoices.getAttribute('data-done') || privacyChoices.textContent
    privacyChoices.removeAttribute('href')
    return
  }
  const link = target?.closest('a[href^="tel:"]')
  if (!link) return
  const source = link.getAttribute('data-call-source') || 'unknown'
  const path = location.pathname
  if (document.querySelector('main[data-call-toast-only]')) {
    event.preventDefault()
    announceTap({ source, path, toastOnly: true })
    return
  }
  const context = pageContext()
  const kept = keptClickIds()
  sendBeacon({ page: path, source, ...context, clickId: !!(kept.gclid || kept.gbraid || kept.wbraid || kept.msclkid) })
  const detail = {
    page_path: path,
    call_source: source,
    keyword: context.keyword,
    location: context.location,
    variant: context.variant,
    experiment: context.experiment,
    arm: context.arm,
    tracking_number: context.number,
    gclid: kept.gclid,
    gbraid: kept.gbraid,
    wbraid: kept.wbraid,
  }
  // Tag Manager gets an event its container turns into the conversion; the Google tag, the conversion itself.
  if (settings.gtm) page.dataLayer!.push({ event: 'call_click', ...detail })
  else if (settings.ads && settings.label) gtag('event', 'conversion', { send_to: settings.ads + '/' + settings.label, transport_type: 'beacon', ...detail })
  announceTap({ source, path })
}

/**
 * A tap, for the page's own listeners: the `call-click` event, and the same in the data layer, where the message
 * layer (loaded after hydration) finds a tap made before it listened.
 */
function announceTap(detail: { source: string; path: string; toastOnly?: true }): void {
  page.dataLayer!.push({ event: CALL_CLICK_EVENT, ...detail })
  page.dispatchEvent(new CustomEvent(CALL_CLICK_EVENT, { detail }))
}

/**
 * On a page with a running A/B test: "this visitor kept its version", once it has loaded. The server counts it only
 * from the visitor's own version cookie, so a client that drops cookies, or a bot, never counts.
 */
function reportSeen(): void {
  if (document.getElementById('main')?.getAttribute('data-call-experiment')) sendBeacon({ seen: true, page: location.pathname })
}
