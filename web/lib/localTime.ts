// Kept apart from the conversion files (which use node:crypto) so the Studio can show call times too.

const formats = new Map<string, Intl.DateTimeFormat>()

/** `yyyy-MM-dd HH:mm:ss` of an instant in an IANA time zone (one formatter per zone, made once). */
export function localTime(at: number, zone: string): string {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    formats.set(zone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
function offsetAt(at: number, zone: string): number {
  const [date, time] = localTime(at, zone).split(' ') as [string, string]
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d, h, mi, s) - (at - (at % 1000 + 1000) % 1000)
}

/** The instant a wall-clock time in `zone` names (the earlier one across a DST change). */
export function zonedInstant(year: number, month: number, day: number, zone: string): number {
  const guess = Date.UTC(year, month - 1, day)
  const first = guess - offsetAt(guess, zone)
  return guess - offsetAt(first, zone)
}

/** Where the zone's day and month of `at` begin and end (epoch ms, end exclusive): the site's days everywhere. */
export function zonedPeriod(at: number, zone: string): { day: string; month: string; dayStart: number; dayEnd: number; monthStart: number; monthEnd: number } {
  const day = localTime(at, zone).slice(0, 10)
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + 1))
  const nextMonth = new Date(Date.UTC(y, m, 1))
  return {
    day,
    month: day.slice(0, 7),
    dayStart: zonedInstant(y, m, d, zone),
    dayEnd: zonedInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone),
    monthStart: zonedInstant(y, m, 1, zone),
    monthEnd: zonedInstant(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 1, zone),
  }
}
