import { localTime } from '../localTime.ts'

/** Dates and months as the portal's forms and addresses write them, read in the provider's or the site's zone. */

export const isMonth = (value: string | null | undefined): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)

/** The month of `at` in `zone`, `YYYY-MM`. */
export const monthOf = (at: number, zone: string): string => localTime(at, zone).slice(0, 7)

/** The last `count` months up to the one of `now`, newest first: the month selector's choices. */
export function recentMonths(now: number, zone: string, count = 13): string[] {
  const [year, month] = monthOf(now, zone).split('-').map(Number) as [number, number]
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1))
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
  })
}

const offsetAt = (at: number, zone: string): number => {
  const [date, time] = localTime(at, zone).split(' ') as [string, string]
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d, h, mi, s) - Math.floor(at / 1000) * 1000
}

/**
 * The instant a wall-clock time in `zone` names: `YYYY-MM-DDTHH:MM` (an `<input type="datetime-local">`) or
 * `YYYY-MM-DD` (midnight); null for anything else. Across a daylight-saving change, the later reading.
 */
export function zonedDateTime(text: string | null | undefined, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text?.trim() ?? '')
  if (!match) return null
  const [y, m, d, h, mi] = [match[1], match[2], match[3], match[4] ?? '0', match[5] ?? '0'].map(Number) as [number, number, number, number, number]
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null
  const wall = Date.UTC(y, m - 1, d, h, mi)
  if (new Date(wall).getUTCDate() !== d) return null
  const first = wall - offsetAt(wall, zone)
  return wall - offsetAt(first, zone)
}

/** The day after a `YYYY-MM-DD` date, same form (an away period's last day is included). */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}
