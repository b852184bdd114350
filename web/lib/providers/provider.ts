import { isUsE164 } from '../phone.ts'
import { isTimeZone } from '../timeZone.ts'
import { licencesOf } from './licences.ts'

/**
 * A provider as the Studio writes it (the `provider` type) and as the router reads it: where it works, which
 * pests, when it is open, its caps and what it is paid. The same checks refuse a bad entry in the Studio and
 * make the router skip it with a log line, so content written outside the Studio is held to the same rules.
 */
export interface ProviderFields {
  _id?: string | null
  name?: string | null
  phone?: string | null
  active?: boolean | null
  states?: (string | null)[] | null
  zips?: (string | null)[] | null
  places?: (string | null)[] | null
  everywhere?: boolean | null
  pests?: (string | null)[] | null
  hours?: ({ day?: string | null; open?: string | null; close?: string | null } | null)[] | null
  timeZone?: string | null
  priority?: number | null
  weight?: number | null
  dailyCap?: number | null
  monthlyCap?: number | null
  maxConcurrent?: number | null
  payout?: number | null
  billableSeconds?: number | null
  duplicateDays?: number | null
  whisper?: string | null
  acceptWithKey?: boolean | null
  /** Licence numbers by state (licences.ts): where a state asks for one, callers there reach only a licensed provider. */
  licences?: ({ state?: string | null; number?: string | null } | null)[] | null
}

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export interface OpenHours {
  day: Weekday
  /** Minutes after midnight in the provider's own time zone. */
  open: number
  close: number
}

export interface Provider {
  id: string
  name: string
  phone: string
  states: ReadonlySet<string>
  /** Five-digit ZIP codes. */
  zips: ReadonlySet<string>
  /** Three-digit ZIP prefixes. */
  prefixes: ReadonlySet<string>
  places: ReadonlySet<string>
  everywhere: boolean
  /** Pest ids served; empty: every pest. */
  pests: ReadonlySet<string>
  /** Empty: always open. */
  hours: readonly OpenHours[]
  timeZone: string
  priority: number
  weight: number
  dailyCap: number | null
  monthlyCap: number | null
  maxConcurrent: number
  payout: number
  billableSeconds: number
  /** A caller's second paid call to the provider within this many days is not paid (0: every call is). */
  duplicateDays: number
  whisper: string
  acceptWithKey: boolean
  /** State → licence number (licences.ts licencesOf). */
  licences: ReadonlyMap<string, string>
}

export const PROVIDER_DEFAULTS = { priority: 1, weight: 1, maxConcurrent: 1, timeZone: 'America/New_York', duplicateDays: 30 } as const

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/
export const USPS_STATES = new Set('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(' '))

export function minutesOf(clock: string | null | undefined): number | null {
  const match = CLOCK.exec(clock ?? '')
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/** Why one line of opening hours cannot be used, or null. */
export function hoursLineProblem(line: { day?: string | null; open?: string | null; close?: string | null } | null | undefined): string | null {
  if (!line) return null
  if (!WEEKDAYS.includes(line.day as Weekday)) return 'Choose the day of the week.'
  const open = minutesOf(line.open)
  const close = minutesOf(line.close)
  if (open === null || close === null) return 'Write opening and closing times as hours and minutes on a 24-hour clock, e.g. 08:00 and 17:30.'
  if (open >= close) return `The opening time (${line.open}) must come before the closing time (${line.close}). A provider working past midnight gets a second line for the next day.`
  return null
}

/** Why a ZIP entry cannot be used, or null. */
export const zipProblem = (zip: string | null | undefined): string | null =>
  typeof zip === 'string' && /^\d{3}(\d{2})?$/.test(zip) ? null : `“${zip ?? ''}” is not a ZIP code: write 5 digits (75201) or the first 3 digits for a whole area (752).`

/** The numbers a provider's phone may not be: the site's own number, its tracking numbers and its pool. */
export interface SiteNumbers {
  phone?: string | null
  trackingNumbers?: readonly ({ phone?: string | null } | null)[] | null
  pool?: readonly (string | null)[] | null
}

/** Why a provider's phone cannot be used, or null. */
export function providerPhoneProblem(phone: string | null | undefined, site: SiteNumbers): string | null {
  if (!phone?.trim()) return 'Write the phone the provider answers, as +1 followed by the 10-digit US number, e.g. +12145550142.'
  if (!isUsE164(phone)) return 'Write the phone as +1 followed by the 10-digit US number, no spaces, e.g. +12145550142.'
  if (site.phone === phone) return 'This is the site’s own phone number: calls to it would come back to the site. Use the line the provider answers.'
  if ((site.pool ?? []).includes(phone)) return 'This is one of the site’s pool numbers: calls to it would come back to the site. Use the line the provider answers.'
  if ((site.trackingNumbers ?? []).some((rule) => rule?.phone === phone)) return 'This is one of the site’s tracking numbers: calls to it would come back to the site. Use the line the provider answers.'
  return null
}

/** Every problem of a provider's content, in an office manager's words; empty when it can take calls. */
export function providerProblems(fields: ProviderFields, site: SiteNumbers = {}): string[] {
  const problems: string[] = []
  if (!fields.name?.trim()) problems.push('Write the provider’s name.')
  const phone = providerPhoneProblem(fields.phone, site)
  if (phone) problems.push(phone)
  if (fields.timeZone && !isTimeZone(fields.timeZone)) problems.push(`“${fields.timeZone}” is not a time zone: choose one from the list, e.g. America/Chicago.`)
  for (const line of fields.hours ?? []) {
    const problem = hoursLineProblem(line)
    if (problem) problems.push(problem)
  }
  for (const zip of fields.zips ?? []) {
    const problem = zipProblem(zip)
    if (problem) problems.push(problem)
  }
  for (const state of fields.states ?? []) if (!USPS_STATES.has(state ?? '')) problems.push(`“${state ?? ''}” is not a state: write its two capital letters, e.g. TX.`)
  for (const place of fields.places ?? []) if (!/^\d{1,12}$/.test(place ?? '')) problems.push(`“${place ?? ''}” is not a place code: use the place search, or the number Google Ads gives the place.`)
  return problems
}

const count = (value: number | null | undefined, fallback: number, min: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(min, Math.round(value)) : fallback

const cap = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null)

/**
 * The provider the router acts on, or the problems that keep it out. `minTalkSeconds` is the site's
 * qualified-call minimum, the default of `billableSeconds`.
 */
export function parseProvider(fields: ProviderFields, minTalkSeconds: number, site: SiteNumbers = {}): { provider: Provider } | { problems: string[] } {
  const problems = providerProblems(fields, site)
  if (!fields._id) problems.push('It has no id.')
  if (problems.length > 0) return { problems }
  const zips = (fields.zips ?? []).filter((zip): zip is string => typeof zip === 'string')
  const strings = (list: readonly (string | null)[] | null | undefined) => new Set((list ?? []).filter((value): value is string => typeof value === 'string' && value !== ''))
  const hours = (fields.hours ?? []).flatMap((line) => (line ? [{ day: line.day as Weekday, open: minutesOf(line.open)!, close: minutesOf(line.close)! }] : []))
  return {
    provider: {
      id: fields._id!.replace(/^drafts\./, ''),
      name: fields.name!.trim(),
      phone: fields.phone!,
      states: strings(fields.states),
      zips: new Set(zips.filter((zip) => zip.length === 5)),
      prefixes: new Set(zips.filter((zip) => zip.length === 3)),
      places: strings(fields.places),
      everywhere: fields.everywhere === true,
      pests: strings(fields.pests),
      hours,
      timeZone: fields.timeZone || PROVIDER_DEFAULTS.timeZone,
      priority: count(fields.priority, PROVIDER_DEFAULTS.priority, 1),
      weight: count(fields.weight, PROVIDER_DEFAULTS.weight, 0),
      dailyCap: cap(fields.dailyCap),
      monthlyCap: cap(fields.monthlyCap),
      maxConcurrent: count(fields.maxConcurrent, PROVIDER_DEFAULTS.maxConcurrent, 1),
      payout: typeof fields.payout === 'number' && Number.isFinite(fields.payout) && fields.payout >= 0 ? fields.payout : 0,
      billableSeconds: count(fields.billableSeconds, minTalkSeconds, 0),
      duplicateDays: Math.min(365, count(fields.duplicateDays, PROVIDER_DEFAULTS.duplicateDays, 0)),
      whisper: fields.whisper?.trim() ?? '',
      acceptWithKey: fields.acceptWithKey === true,
      licences: licencesOf(fields.licences),
    },
  }
}

/** The active providers that can take calls; each one with a bad field is left out and named on stderr. */
export function parseProviders(list: readonly ProviderFields[], minTalkSeconds: number, site: SiteNumbers = {}): Provider[] {
  const providers: Provider[] = []
  for (const fields of list) {
    if (fields.active !== true) continue
    const parsed = parseProvider(fields, minTalkSeconds, site)
    if ('provider' in parsed) providers.push(parsed.provider)
    else console.error(`[providers] skipped “${fields.name ?? fields._id ?? '?'}”: ${parsed.problems.join(' ')}`)
  }
  return providers
}
