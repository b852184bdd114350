import { licensedFor } from './licences.ts'
import type { Provider, Weekday } from './provider.ts'

/** Where a caller is, as far as the site knows: any of a ZIP code, a place code (loc_physical_ms) and a state. */
export interface CallerPlace {
  zip?: string
  place?: string
  state?: string
  /** The ZIP codes of `place` (a city), so a provider that lists them serves a visit located at the city. */
  placeZips?: readonly string[]
}

/** How closely a provider's area fits the caller: higher is more specific; 0 does not serve the place. */
export function specificity(provider: Provider, where: CallerPlace): number {
  if (where.zip && provider.zips.has(where.zip)) return 5
  if (where.zip && provider.prefixes.has(where.zip.slice(0, 3))) return 4
  if (where.place && provider.places.has(where.place)) return 3
  if (where.placeZips?.some((zip) => provider.zips.has(zip) || provider.prefixes.has(zip.slice(0, 3)))) return 3
  if (where.state && provider.states.has(where.state)) return 2
  return provider.everywhere ? 1 : 0
}

/** A provider of every pest serves every call; one of some pests serves those, and calls whose pest is not known. */
export const servesPest = (provider: Provider, pest: string): boolean => provider.pests.size === 0 || pest === '' || provider.pests.has(pest)

const weekdayFormat = new Map<string, Intl.DateTimeFormat>()

/** The weekday and minutes after midnight at `at` in `timeZone`. */
export function localClock(at: number, timeZone: string): { day: Weekday; minutes: number } {
  let format = weekdayFormat.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    weekdayFormat.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return { day: String(parts.weekday).slice(0, 3).toLowerCase() as Weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** Open at `at` in the provider's own time zone; a provider without hours is always open. */
export function isOpen(provider: Provider, at: number): boolean {
  if (provider.hours.length === 0) return true
  const { day, minutes } = localClock(at, provider.timeZone)
  return provider.hours.some((line) => line.day === day && minutes >= line.open && minutes < line.close)
}

/**
 * The providers to try for a call, in order: those that serve the place and the pest and are open now, the
 * most specific area first, then by priority (1 first), then a weighted draw among equals (each provider's
 * share of first tries is its weight over the sum of its equals'). A caller located in a state of `licenceStates`
 * (Site settings: the states that require a provider licence) never reaches a provider without a licence for it
 * (licences.ts). Caps are not known here: the store counts them when a provider is dialled.
 */
export function rankProviders(providers: readonly Provider[], where: CallerPlace, pest: string, at: number, random: () => number = Math.random, licenceStates: ReadonlySet<string> = new Set()): Provider[] {
  const ranked: { provider: Provider; fit: number; draw: number }[] = []
  for (const provider of providers) {
    const fit = specificity(provider, where)
    if (fit === 0 || !servesPest(provider, pest) || !isOpen(provider, at) || !licensedFor(provider, where.state, licenceStates)) continue
    // Efraimidis–Spirakis: sorting by u^(1/w) draws a weighted order without replacement.
    const draw = provider.weight > 0 ? Math.pow(random(), 1 / provider.weight) : -1
    ranked.push({ provider, fit, draw })
  }
  ranked.sort((a, b) => b.fit - a.fit || a.provider.priority - b.provider.priority || b.draw - a.draw)
  return ranked.map((entry) => entry.provider)
}
