import { describe, expect, it } from 'vitest'
import { clockAt, formatMinutes, today, type HoursLine } from './hours'

// Wednesday 2026-03-04 15:30 UTC: 09:30 in Chicago, 07:30 in Los Angeles.
const WEDNESDAY = Date.UTC(2026, 2, 4, 15, 30)
const WEEKDAYS: HoursLine[] = [
  ['wed', 8 * 60, 12 * 60],
  ['wed', 13 * 60, 18 * 60],
  ['sat', 9 * 60, 14 * 60],
]

describe('today', () => {
  it('reads the day and time in the provider’s own time zone', () => {
    expect(clockAt(WEDNESDAY, 'America/Chicago')).toEqual({ day: 'wed', minutes: 9 * 60 + 30 })
    expect(clockAt(Date.UTC(2026, 2, 5, 3, 0), 'America/Los_Angeles')).toEqual({ day: 'wed', minutes: 19 * 60 })
  })

  it('lists today’s opening times and says whether it is open now', () => {
    expect(today(WEEKDAYS, 'America/Chicago', WEDNESDAY)).toEqual({ ranges: [[480, 720], [780, 1080]], openNow: true, always: false })
    expect(today(WEEKDAYS, 'America/Los_Angeles', WEDNESDAY).openNow).toBe(false)
    expect(today(WEEKDAYS, 'America/Chicago', Date.UTC(2026, 2, 5, 15, 30))).toEqual({ ranges: [], openNow: false, always: false })
  })

  it('counts a provider without hours as always open', () => {
    expect(today([], 'America/New_York', WEDNESDAY)).toEqual({ ranges: [], openNow: true, always: true })
  })

  it('writes times the way the locale does', () => {
    expect(formatMinutes(8 * 60, 'en-US')).toBe('8:00 AM')
    expect(formatMinutes(17 * 60 + 30, 'en-GB')).toBe('17:30')
  })
})
