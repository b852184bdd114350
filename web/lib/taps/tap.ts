import { isUsE164 } from '../phone.ts'

/**
 * One tap on a call link, as the site records it in its own call log. The browser sends what it
 * knows about the page; only these fields are kept, each cleaned and capped, and nothing that
 * identifies the visitor: no IP address, no user agent, no cookie value — only whether an ad click
 * ID was present (the ID itself stays in the visitor's first-party cookie for offline imports).
 */
export interface CallTap {
  /** Server time, ISO 8601. */
  at: string
  /** The page's path, without its query string. */
  page: string
  /** The call link's placement (header, hero-button, sticky-bar, …). */
  source: string
  /** The ad keyword the page was personalized with, if any. */
  keyword: string
  /** The resolved "City, ST", if any. */
  location: string
  /** Which landing variant: the route's personalization id, '' for a plain page. */
  variant: string
  /** A/B test and arm, if the page ran one. */
  experiment: string
  arm: string
  /** The tracking number the page showed (E.164), '' for the default number of Site settings. */
  number: string
  /** Whether a gclid/gbraid/wbraid/msclkid was kept for this visitor. */
  clickId: boolean
}

/** A tap as the browser describes it: the stored fields, plus the personalized copy's address segment the server checks them against. */
export type ClaimedTap = CallTap & { variantKey: string }

export const MAX_TAP_BYTES = 4 * 1024

export const LIMITS = { page: 200, source: 40, keyword: 80, location: 80, variant: 80, experiment: 80, arm: 40, number: 16 } as const

/** Control, format and bidi characters: never part of what the log should show. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu

/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\s]+/u

/** Text that no export can turn into a formula: the characters a spreadsheet reads as one are taken off its start. */
export function cellSafe(value: string): string {
  return value.replace(FORMULA_START, '')
}

/** A browser-sent string as the log keeps it: invisible characters removed, spaces collapsed, capped, never a formula. */
export function text(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  return cellSafe(value.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()).slice(0, max)
}

/** The tap described by a browser's JSON, or null when it is not one (junk is dropped, not stored). */
export function parseTap(input: unknown, now: Date = new Date()): ClaimedTap | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const raw = input as Record<string, unknown>
  const page = text(raw.page, LIMITS.page).split(/[?#]/)[0]!
  const source = text(raw.source, LIMITS.source)
  if (!page.startsWith('/') || !/^[a-z0-9-]{1,40}$/.test(source)) return null
  return {
    at: now.toISOString(),
    page,
    source,
    keyword: text(raw.keyword, LIMITS.keyword),
    location: text(raw.location, LIMITS.location),
    variant: text(raw.variant, LIMITS.variant),
    experiment: text(raw.experiment, LIMITS.experiment),
    arm: text(raw.arm, LIMITS.arm),
    // Only a well-formed US number (E.164: "+" and digits, so never a formula): anything else is not a number this site showed.
    number: typeof raw.number === 'string' && isUsE164(raw.number) ? raw.number : '',
    clickId: raw.clickId === true,
    variantKey: typeof raw.variantKey === 'string' ? raw.variantKey.slice(0, 400) : '',
  }
}

/**
 * The tracker's "kept its version" beacon: `{seen: true, page}`, sent once a page with a running A/B test
 * has loaded. It carries no claim but the page: the version comes from the visitor's own cookie.
 */
export function parseVisit(input: unknown): { page: string } | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const raw = input as Record<string, unknown>
  if (raw.seen !== true) return null
  const page = text(raw.page, LIMITS.page).split(/[?#]/)[0]!
  return page.startsWith('/') ? { page } : null
}
