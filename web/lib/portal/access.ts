import { parseProvider, PROVIDER_DEFAULTS, type Provider, type ProviderFields } from '../providers/provider.ts'
import { isTimeZone } from '../timeZone.ts'
import type { PortalWords } from './words.ts'

/**
 * Who may sign in to the portal, and for which provider: an address listed in an active provider's "Portal
 * e-mails" (Studio → Providers), matched without regard to case. An address on no active provider, or on more
 * than one, signs in to none — and a session whose address the owner removed, or whose provider was turned off,
 * ends at its next request (web/content/portalRuntime.ts asks here on every one).
 */
export interface PortalProvider {
  id: string
  name: string
  active: boolean
  emails: string[]
  timeZone: string
  /** As the router reads it (areas, billable seconds, duplicate window); null when its content has a problem. */
  provider: Provider | null
}

export interface PortalContent {
  providers: PortalProvider[]
  brandName: string
  /** Site settings → Call tracking: the zone statements are cut in, the dispute window, the currency. */
  siteTimeZone: string
  disputeDays: number
  currency: string
  words: PortalWords
}

export const DISPUTE_DAYS_DEFAULT = 7

export const normalEmail = (email: string): string => email.trim().toLowerCase()

/** A plain address: something@domain.tld, no spaces, at most 254 characters. */
export const isEmail = (value: string): boolean => value.length <= 254 && /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/.test(value)

export type PortalProviderFields = ProviderFields & { portalEmails?: (string | null)[] | null }

export function portalProviders(list: readonly PortalProviderFields[], minTalkSeconds: number): PortalProvider[] {
  return list.flatMap((fields) => {
    if (!fields._id) return []
    const parsed = parseProvider(fields, minTalkSeconds)
    const id = fields._id.replace(/^drafts\./, '')
    const emails = [...new Set((fields.portalEmails ?? []).filter((email): email is string => typeof email === 'string').map(normalEmail).filter(isEmail))]
    return [{ id, name: fields.name?.trim() || id, active: fields.active === true, emails, timeZone: fields.timeZone && isTimeZone(fields.timeZone) ? fields.timeZone : PROVIDER_DEFAULTS.timeZone, provider: 'provider' in parsed ? parsed.provider : null }]
  })
}

/** The one active provider this address signs in for, or null. */
export function providerForEmail(providers: readonly PortalProvider[], email: string | null | undefined): PortalProvider | null {
  if (!email) return null
  const address = normalEmail(email)
  const matches = providers.filter((provider) => provider.active && provider.emails.includes(address))
  return matches.length === 1 ? matches[0]! : null
}
