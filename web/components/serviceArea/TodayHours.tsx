'use client'

import { useSyncExternalStore } from 'react'
import { formatMinutes, today, type HoursLine } from '@/lib/serviceArea/hours'

export interface HoursWords {
  today: string
  openNow: string
  closedNow: string
  openAllDay: string
  closedToday: string
}

/** The minute now, read again every minute; null while the server renders (the cached page knows no "now"). */
function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, 60_000)
  return () => clearInterval(timer)
}
const minuteNow = () => Math.floor(Date.now() / 60_000)
const noMinute = () => null

/**
 * A provider's hours today and whether it is open now, in its own time zone, worked out in the visitor's browser:
 * the page is cached, so the server cannot know the day. Until then the line keeps its place, empty.
 */
export function TodayHours({ hours, timeZone, words }: { hours: readonly HoursLine[]; timeZone: string; words: HoursWords }) {
  const minute = useSyncExternalStore(subscribe, minuteNow, noMinute)
  if (minute === null) return <p className="hours-today" aria-hidden="true" data-scripts-early="" />
  const day = today(hours, timeZone, minute * 60_000)
  const times = day.always ? words.openAllDay : day.ranges.length === 0 ? words.closedToday : `${words.today}: ${day.ranges.map(([open, close]) => `${formatMinutes(open)} – ${formatMinutes(close)}`).join(', ')}`
  return (
    <p className="hours-today" data-testid="hours-today" data-scripts-early="">
      <span>{times}</span>
      <span className={day.openNow ? 'open-now' : 'closed-now'}>{day.openNow ? words.openNow : words.closedNow}</span>
    </p>
  )
}
