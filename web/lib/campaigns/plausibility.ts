import type { Verdict } from './verdict.ts'

/**
 * Taps prove nothing: anyone with a hundred addresses can fetch the page for its own signed cookie and tap.
 * So a verdict on taps is never conclusive; it says which version is ahead on taps and that taps are not
 * proof, and it raises an alarm when the numbers are implausible for a landing page:
 * - a converting rate far above the trade's (its 95 % interval wholly above TRADE_RATE_CEILING);
 * - converters far more concentrated in a few networks than visitors are (the busiest tenth of networks
 *   holding at least half the converters and twice the share of visitors its busiest tenth holds).
 * With call tracking the verdict is decided on qualified calls, which an outsider cannot mint without real
 * phone lines; taps are shown beside it, unverified.
 */

/** A pest-control landing page turns roughly one visitor in ten into a call tap; three times that is not a landing page's audience. */
export const TRADE_TAP_RATE = 0.1
export const TRADE_RATE_CEILING = 3 * TRADE_TAP_RATE
/** Too few converters to judge their spread. */
const MIN_CONVERTERS_FOR_SPREAD = 30

export const TAPS_NOT_PROOF = 'Taps are not proof (anyone with many internet addresses can tap): no winner is named on taps; turn on call tracking to decide on qualified calls.'

/** The tap verdict as shown without call tracking: never conclusive, saying so. */
export function unverifiedTapVerdict(verdict: Verdict): Verdict {
  if (verdict.srm.fired || !verdict.leader) return { ...verdict, conclusive: false }
  const text = verdict.conclusive ? `${verdict.leader} is ahead on taps. ${TAPS_NOT_PROOF}` : `${verdict.text} ${TAPS_NOT_PROOF}`
  return { ...verdict, conclusive: false, text }
}

/** The busiest tenth (at least one) of the groups' share of the total. */
function topTenthShare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0)
  if (total === 0) return 0
  const sorted = [...counts].sort((a, b) => b - a)
  const top = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 10)))
  return top.reduce((sum, count) => sum + count, 0) / total
}

export interface TapAlarmInput {
  arms: readonly { arm: string; visitors: number; interval: { low: number; high: number } | null }[]
  networks: readonly { visitors: number; converters: number }[]
}

/** What is implausible in a test's tap numbers, in words an editor reads; empty when nothing is. */
export function tapAlarms({ arms, networks }: TapAlarmInput): string[] {
  const alarms: string[] = []
  for (const arm of arms) {
    if (arm.interval && arm.interval.low > TRADE_RATE_CEILING) {
      alarms.push(`${arm.arm}: at least ${Math.round(arm.interval.low * 100)} % of its visitors tapped to call, far above the trade’s ${Math.round(TRADE_TAP_RATE * 100)} %: these taps are very likely not real visitors.`)
    }
  }
  const converters = networks.reduce((sum, network) => sum + network.converters, 0)
  if (converters >= MIN_CONVERTERS_FOR_SPREAD) {
    const converterShare = topTenthShare(networks.map((network) => network.converters))
    const visitorShare = topTenthShare(networks.map((network) => network.visitors))
    if (converterShare >= 0.5 && converterShare >= 2 * visitorShare) {
      alarms.push(`${Math.round(converterShare * 100)} % of the visitors who tapped came from a tenth of the networks, which brought only ${Math.round(visitorShare * 100)} % of the visitors: these taps are very likely not real visitors.`)
    }
  }
  return alarms
}
