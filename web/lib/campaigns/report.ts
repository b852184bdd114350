import type { CallSummaryRow } from '../taps/store.ts'
import type { ExperimentCounts } from '../taps/experimentVisitors.ts'
import { experimentVerdict, type Verdict } from './verdict.ts'
import { tapAlarms, unverifiedTapVerdict } from './plausibility.ts'
import { EMPTY_VOICE_REPORT, qualifiedCallsByArm, type VoiceReport } from '../calls/report.ts'

/**
 * What the Studio's Calls tool shows and `npm run calls:report -- --json` prints, from one builder:
 * aggregates only (counts per group), never a tap or a visitor.
 * - Taps per day × page × keyword × experiment × arm × number for the last REPORT_DAYS days.
 * - Per A/B test, over its whole life (the verdict is valid only on counts from the test's start), an ended
 *   test as much as a running one: per version its weight, visitors who kept the version, converting visitors
 *   (tapped at least once), taps, qualified calls,
 *   the conversion rate with a 95 % interval; the bots turned away; the first and last day; and the
 *   verdict with its split check (web/lib/campaigns/verdict.ts).
 */
export interface ArmReport {
  arm: string
  /** The version's weight as the page last had it; null when no visitor was counted since weights were stored. */
  weight: number | null
  visitors: number
  converters: number
  taps: number
  /** Qualified calls joined to a visit of this version (call tracking's number pool). */
  qualifiedCalls: number
  /** Visits of this version shown a pool number, and those of them with a qualified call (the verdict by calls). */
  poolVisitors: number
  callConverters: number
  /** Converting visitors ÷ visitors, and its 95 % Wilson interval; null without visitors. */
  rate: number | null
  interval: { low: number; high: number } | null
}

export interface ExperimentReport {
  experiment: string
  arms: ArmReport[]
  /** Bot requests to the test's page: given the control, no cookie, never counted. */
  botsExcluded: number
  /** First and last day (YYYY-MM-DD) a visitor was counted. */
  firstDay: string
  lastDay: string
  /**
   * The verdict that decides: on qualified calls with call tracking's pool (callVerdict), else on taps and
   * then never conclusive (plausibility.ts: taps are not proof).
   */
  verdict: Verdict
  /** What the verdict is decided on. */
  decidedOn: 'qualified calls' | 'taps'
  /** The verdict on taps, shown beside, unverified: never conclusive. */
  tapVerdict: Verdict
  /**
   * With call tracking's pool: the same always-valid method on visitors shown a pool number against those
   * of them with a qualified call; null while no version's visitor was shown one.
   */
  callVerdict: Verdict | null
  /** What is implausible in the tap numbers (a converting rate far above the trade's, converters bunched in a few networks). */
  alarms: string[]
}

export interface CallsReport extends VoiceReport {
  /** The first day of the taps table (YYYY-MM-DD). */
  since: string
  /** Taps per day × page × keyword × experiment × arm × number, newest day first; at most MAX_DAY_ROWS groups. */
  days: { day: string; page: string; keyword: string; experiment: string; arm: string; number: string; taps: number }[]
  /** Groups left out of `days` beyond MAX_DAY_ROWS. */
  daysLeftOut: number
  experiments: ExperimentReport[]
}

export const MAX_DAY_ROWS = 500
export const MAX_EXPERIMENTS = 50
export const REPORT_DAYS = 30

export function reportSince(now: Date, days = REPORT_DAYS): string {
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
}

/** Wilson score interval at 95 %: honest at small counts and at 0 % or 100 %, unlike p ± 1.96·SE. */
export function wilsonInterval(successes: number, trials: number, z = 1.959964): { low: number; high: number } | null {
  if (trials <= 0) return null
  const p = successes / trials
  const z2 = z * z
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials)
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** Qualified calls of one A/B version over its test's whole life (the call store's qualifiedCallsByVersion). */
export interface VersionCalls {
  experiment: string
  version: string
  calls: number
}

/**
 * The report. `versionCalls`: each version's qualified calls over its test's life, so an ended test keeps them
 * (readCallsReport reads them); without them, those among the report's own calls are counted.
 */
export function buildCallsReport(since: string, taps: readonly CallSummaryRow[], counts: ExperimentCounts, voice: VoiceReport = EMPTY_VOICE_REPORT, versionCalls?: readonly VersionCalls[]): CallsReport {
  const qualified = versionCalls ? new Map(versionCalls.map((row) => [`${row.experiment}\u0000${row.version}`, row.calls])) : qualifiedCallsByArm(voice.calls)
  const days = taps
    .filter((row) => row.day >= since)
    .map((row) => ({ day: row.day, page: row.page ?? '', keyword: row.keyword ?? '', experiment: row.experiment ?? '', arm: row.arm ?? '', number: row.number ?? '', taps: row.taps }))
  const names = [...new Set([...counts.arms.map((row) => row.experiment), ...counts.bots.keys(), ...voice.poolVisits.map((row) => row.experiment)])].sort((a, b) => a.localeCompare(b)).slice(0, MAX_EXPERIMENTS)
  const experiments = names.map((experiment): ExperimentReport => {
    const weights = counts.weights.get(experiment) ?? new Map<string, number>()
    const rows = counts.arms.filter((row) => row.experiment === experiment)
    // Every configured version is listed, including one no visitor has reached yet (the split check needs it).
    const armNames = [...new Set([...weights.keys(), ...rows.map((row) => row.arm), ...voice.poolVisits.filter((row) => row.experiment === experiment).map((row) => row.version)])].sort((a, b) => a.localeCompare(b))
    const arms = armNames.map((arm): ArmReport => {
      const row = rows.find((candidate) => candidate.arm === arm)
      const visitors = row?.visitors ?? 0
      const converters = row?.converters ?? 0
      const pool = voice.poolVisits.find((entry) => entry.experiment === experiment && entry.version === arm)
      return { arm, weight: weights.get(arm) ?? null, visitors, converters, taps: row?.taps ?? 0, qualifiedCalls: qualified.get(`${experiment}\u0000${arm}`) ?? 0, poolVisitors: pool?.visitors ?? 0, callConverters: pool?.converters ?? 0, rate: visitors > 0 ? converters / visitors : null, interval: wilsonInterval(converters, visitors) }
    })
    const recentOf = (name: string) => arms.map(({ arm, weight }) => ({ arm, weight: weight ?? 1, visitors: counts.recent?.get(name)?.get(arm) ?? 0 }))
    const tapVerdict = unverifiedTapVerdict(experimentVerdict(arms.map(({ arm, weight, visitors, converters, taps: armTaps }) => ({ arm, weight: weight ?? 1, visitors, converters, taps: armTaps })), { recent: recentOf(experiment) }))
    const seenDays = rows.flatMap((row) => [row.firstDay, row.lastDay]).sort()
    const callVerdict = arms.some((arm) => arm.poolVisitors > 0)
      ? experimentVerdict(
          arms.map(({ arm, weight, visitors, callConverters, qualifiedCalls }) => ({ arm, weight: weight ?? 1, visitors, converters: Math.min(callConverters, visitors), taps: qualifiedCalls })),
          { recent: recentOf(experiment) },
        )
      : null
    const alarms = tapAlarms({ arms, networks: counts.networks?.get(experiment) ?? [] })
    const verdict = callVerdict ?? tapVerdict
    return { experiment, callVerdict, arms, botsExcluded: counts.bots.get(experiment) ?? 0, firstDay: seenDays[0] ?? '', lastDay: seenDays.at(-1) ?? '', verdict, decidedOn: callVerdict ? 'qualified calls' : 'taps', tapVerdict, alarms }
  })
  return { since, days: days.slice(0, MAX_DAY_ROWS), daysLeftOut: Math.max(0, days.length - MAX_DAY_ROWS), experiments, ...voice }
}
