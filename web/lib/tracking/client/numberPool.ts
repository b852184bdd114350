import type { Visit } from './core.ts'
import { afterLoad, pageContext } from './page.ts'

/** Where this tab keeps its lease, so every page of the visit shows the same number. */
const LEASE_KEY = 'lpe_lease'
/** How often a visible page extends its lease (the server's lease lasts longer). */
const EXTEND_MS = 5 * 60_000

/** A pool number leased to this visit, as kept in sessionStorage. */
interface Lease {
  id: string
  /** E.164. */
  number: string
  /** Epoch milliseconds. */
  exp: number
  /** The ad campaign and source of the landing that leased it, sent again with every extension. */
  campaign: string
  source: string
}

/** What /api/voice/lease answers: a number with its lease, or `{number: null}` (the page keeps its own number). */
interface LeaseAnswer {
  number?: string | null
  lease?: string
  expiresAt?: number
}

/**
 * Dynamic number insertion with a number pool (Site settings → Call tracking): an ad visit (a click ID or utm values
 * on the landing address, or a lease this tab already holds) asks for a pool number of its own once the page has
 * loaded, extends it while the page is visible, and writes it into every tel: link and shown number, also in
 * content React renders later. Without an answer the page keeps its number. Only pages of a site with a pool carry
 * this part, so every other page's first flight stays small.
 */
export function startNumberPool({ settings, query, adClick }: Visit): void {
  if (!settings.pool) return
  const campaign = query.get('utm_campaign') || ''
  const source = query.get('utm_source') || ''
  // The landing address's location code: the server keeps it with the lease so the call reaches a provider of that place.
  const place = query.get('loc_physical_ms') || ''
  let lease: Lease | null = null
  try {
    lease = JSON.parse(sessionStorage.getItem(LEASE_KEY) || 'null')
  } catch {
    // No storage (a private window's, or disabled): every page asks afresh.
  }

  const showLeased = () => {
    if (lease) showNumber(lease.number)
  }
  const drop = () => {
    lease = null
    try {
      sessionStorage.removeItem(LEASE_KEY)
    } catch {
      // Nothing kept, nothing to remove.
    }
  }
  const requestLease = () => {
    fetch('/api/voice/lease', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: location.pathname,
        variantKey: pageContext().variantKey,
        campaign: lease ? lease.campaign : campaign,
        source: lease ? lease.source : source,
        lease: lease ? lease.id : '',
        place,
      }),
    })
      .then((response) => response.json())
      .then((answer: LeaseAnswer | null) => {
        if (answer?.number) {
          lease = { id: answer.lease!, number: answer.number, exp: answer.expiresAt!, campaign: lease ? lease.campaign : campaign, source: lease ? lease.source : source }
          try {
            sessionStorage.setItem(LEASE_KEY, JSON.stringify(lease))
          } catch {
            // The number still shows on this page.
          }
          whenParsed(showLeased)
        } else if (lease) drop()
      })
      .catch(() => {
        // No answer: the page keeps the number it shows.
      })
  }

  if (lease && !(lease.exp > Date.now())) drop()
  if (lease) whenParsed(showLeased)
  if (lease || adClick || campaign || source) afterLoad(requestLease)
  setInterval(() => {
    if (lease && !document.hidden) requestLease()
  }, EXTEND_MS)
  // React renders call links after the first paint too (hydration, client navigation): they get the number as well.
  if (window.MutationObserver) new MutationObserver(showLeased).observe(document.documentElement, { childList: true, subtree: true })
}

/** Writes the number into every call link, every shown number (a fixed-width `.phone-slot`: nothing moves) and <main>. */
function showNumber(number: string): void {
  const shown = formatNumber(number)
  for (const link of document.querySelectorAll('a[href^="tel:"]')) if (link.getAttribute('href') !== 'tel:' + number) link.setAttribute('href', 'tel:' + number)
  for (const slot of document.querySelectorAll('.phone-slot>span')) if (slot.textContent !== shown) slot.textContent = shown
  const main = document.getElementById('main')
  if (main && main.getAttribute('data-call-number') !== number) main.setAttribute('data-call-number', number)
}

/** A US E.164 number as the site shows it: (312) 555-0161. */
function formatNumber(number: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number)
  return match ? '(' + match[1] + ') ' + match[2] + '-' + match[3] : number
}

/** Runs once the document is parsed (the call links exist): now, or at DOMContentLoaded. */
function whenParsed(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run)
  else run()
}
