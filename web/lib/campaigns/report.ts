import type { CallSummaryRow } from '../calls/store.ts'
import type { ArmVisitRow } from './armVisits.ts'
import { experimentVerdict, type Verdict } from './verdict.ts'

/**
 * What the Studio's Calls tool shows: aggregates only (counts per group), never a tap. Built from the
 * call log's summary by day × page × keyword × experiment × arm × number and the arm-visit counts.
 */
export interface CallsReport {
  /** The first day counted (YYYY-MM-DD). */
  since: string
  /** Taps per day × page × keyword × arm × number, newest day first; at most MAX_DAY_ROWS groups. */
  days: { day: string; page: string; keyword: string; experiment: string; arm: string; number: string; taps: number }[]
  /** Groups left out of `days` beyond MAX_DAY_ROWS. */
  daysLeftOut: number
  /** Per experiment seen in the period: visitors and taps per arm, and the verdict. */
  experiments: { experiment: string; arms: { arm: string; visitors: number; taps: number }[]; verdict: Verdict }[]
}

export const MAX_DAY_ROWS = 500
export const MAX_EXPERIMENTS = 50
export const REPORT_DAYS = 30

export function reportSince(now: Date, days = REPORT_DAYS): string {
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
}

export function buildCallsReport(since: string, taps: readonly CallSummaryRow[], visits: readonly ArmVisitRow[]): CallsReport {
  const days = taps
    .filter((row) => row.day >= since)
    .map((row) => ({ day: row.day, page: row.page ?? '', keyword: row.keyword ?? '', experiment: row.experiment ?? '', arm: row.arm ?? '', number: row.number ?? '', taps: row.taps }))
  const arms = new Map<string, Map<string, { visitors: number; taps: number }>>()
  const armOf = (experiment: string, arm: string) => {
    let byArm = arms.get(experiment)
    if (!byArm) arms.set(experiment, (byArm = new Map()))
    let counts = byArm.get(arm)
    if (!counts) byArm.set(arm, (counts = { visitors: 0, taps: 0 }))
    return counts
  }
  for (const row of days) if (row.experiment && row.arm) armOf(row.experiment, row.arm).taps += row.taps
  for (const row of visits) if (row.day >= since && row.experiment && row.arm) armOf(row.experiment, row.arm).visitors += row.visits
  const experiments = [...arms]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, MAX_EXPERIMENTS)
    .map(([experiment, byArm]) => {
      const list = [...byArm].sort(([a], [b]) => a.localeCompare(b)).map(([arm, counts]) => ({ arm, ...counts }))
      return { experiment, arms: list, verdict: experimentVerdict(list) }
    })
  return { since, days: days.slice(0, MAX_DAY_ROWS), daysLeftOut: Math.max(0, days.length - MAX_DAY_ROWS), experiments }
}
