/**
 * A provider's hours as a visitor's browser reads them: today's opening times in the provider's own time zone and
 * whether it is open now. Worked out in the browser, so a page kept in a cache for days still tells the truth.
 * Browser-safe: Intl only.
 */
export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Day = (typeof DAYS)[number]

/** [day, opens, closes]: minutes after midnight in the provider's time zone. */
export type HoursLine = readonly [Day, number, number]

export interface Today {
  /** Today's opening times, earliest first; empty: closed all day. */
  ranges: (readonly [number, number])[]
  openNow: boolean
  /** No hours at all: always open. */
  always: boolean
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/** The weekday and minutes after midnight at `at` in `timeZone`. */
export function clockAt(at: number, timeZone: string): { day: Day; minutes: number } {
  let format = clocks.get(timeZone)
  if (!format) clocks.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })))
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return { day: String(parts.weekday).slice(0, 3).toLowerCase() as Day, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

export function today(hours: readonly HoursLine[], timeZone: string, at: number): Today {
  if (hours.length === 0) return { ranges: [], openNow: true, always: true }
  const { day, minutes } = clockAt(at, timeZone)
  const ranges = hours.filter(([lineDay]) => lineDay === day).map(([, open, close]) => [open, close] as const).sort((a, b) => a[0] - b[0])
  return { ranges, openNow: ranges.some(([open, close]) => minutes >= open && minutes < close), always: false }
}

/** "8:00 AM" in the visitor's own way of writing times (their browser's locale). */
export function formatMinutes(minutes: number, locale?: string): string {
  const date = new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60))
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date)
}
