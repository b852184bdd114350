import { parseCookie as parseCookies } from 'cookie'
import type { CallTap } from '../../taps/tap.ts'
import { text } from '../../taps/tap.ts'
import type { ClickKind, VisitFacts } from '../store/store.ts'

/**
 * What a page asks the lease endpoint (`POST /api/voice/lease`): its address and personalized copy (checked
 * by the server like a tap's), the landing address's utm values, and the lease it already holds, if any.
 */
export interface LeaseRequest {
  page: string
  variantKey: string
  campaign: string
  source: string
  lease: string
}

export const MAX_LEASE_BYTES = 2 * 1024

export function parseLeaseRequest(input: unknown): LeaseRequest | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const raw = input as Record<string, unknown>
  const page = text(raw.page, 200).split(/[?#]/)[0]!
  if (!page.startsWith('/')) return null
  return {
    page,
    variantKey: typeof raw.variantKey === 'string' ? raw.variantKey.slice(0, 400) : '',
    campaign: text(raw.campaign, 100).toLowerCase(),
    source: text(raw.source, 100).toLowerCase(),
    lease: typeof raw.lease === 'string' ? raw.lease : '',
  }
}

const CLICK_ID = /^[A-Za-z0-9_.-]{1,200}$/

/** The ad click the visitor's first-party cookie (lpe_click, set by the tracker) keeps: Google's first. */
export function keptClick(cookieHeader: string | null | undefined): { kind: ClickKind; id: string } {
  const value = parseCookies(cookieHeader ?? '').lpe_click
  if (!value) return { kind: '', id: '' }
  let ids: Record<string, unknown>
  try {
    ids = JSON.parse(value) as Record<string, unknown>
  } catch {
    return { kind: '', id: '' }
  }
  for (const kind of ['gclid', 'gbraid', 'wbraid', 'msclkid'] as const) {
    const id = ids[kind]
    if (typeof id === 'string' && CLICK_ID.test(id)) return { kind, id }
  }
  return { kind: '', id: '' }
}

/** The visitor opted out of ad personalization: the footer's Privacy choices (lpe_optout) or Global Privacy Control. */
export function optedOut(cookieHeader: string | null | undefined, gpcHeader: string | null | undefined): boolean {
  return gpcHeader?.trim() === '1' || parseCookies(cookieHeader ?? '').lpe_optout === '1'
}

/**
 * The visit as a lease keeps it: the page, keyword, location and version as the server verified them (a
 * tap's rules), the campaign, and the click id — none for a visitor who opted out, so it is never exported.
 */
export function visitFacts(verified: Pick<CallTap, 'page' | 'keyword' | 'location' | 'experiment' | 'arm'>, request: LeaseRequest, click: { kind: ClickKind; id: string }, optOut: boolean, routing: { place: string; pest: string } = { place: '', pest: '' }): VisitFacts {
  return {
    ...routing,
    page: verified.page,
    keyword: verified.keyword,
    location: verified.location,
    experiment: verified.experiment,
    version: verified.arm,
    campaign: request.campaign,
    clickKind: optOut ? '' : click.kind,
    clickId: optOut ? '' : click.id,
  }
}

/** A visit from an ad: a click id kept, or utm values on the landing address. */
export function isAdVisit(request: LeaseRequest, click: { id: string }): boolean {
  return Boolean(click.id || request.campaign || request.source)
}
