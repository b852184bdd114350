/**
 * A plain-language verdict for an A/B test on call taps: each arm's taps per visitor compared with
 * the standard two-proportion z-test (pooled), two-sided. With more than two arms the leader is
 * compared with the runner-up and the significance level is split between the comparisons
 * (Bonferroni), so adding arms does not make a lucky winner more likely.
 */
export interface ArmResult {
  arm: string
  visitors: number
  taps: number
}

export interface Verdict {
  /** The arm with the most taps per visitor, or null when there is nothing to compare yet. */
  leader: string | null
  /** The arm it is compared with (the runner-up). */
  compared: string | null
  z: number | null
  /** Two-sided p-value of the difference, or null when the test does not apply yet. */
  pValue: number | null
  conclusive: boolean
  /** What an editor reads, e.g. "B is ahead, not yet conclusive (p = 0.23)". */
  text: string
}

export const DEFAULT_ALPHA = 0.05

/**
 * Standard normal cumulative distribution via erf (Abramowitz & Stegun 7.1.26, error < 1.5e-7):
 * a dozen lines instead of a statistics package for one function.
 */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2)
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erf = 1 - poly * Math.exp(-(x * x) / 2)
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

/** The pooled two-proportion z-test of a against b (two-sided), or null when it cannot be computed. */
export function twoProportionZTest(a: { taps: number; visitors: number }, b: { taps: number; visitors: number }): { z: number; pValue: number } | null {
  if (a.visitors <= 0 || b.visitors <= 0 || a.taps > a.visitors || b.taps > b.visitors) return null
  const pooled = (a.taps + b.taps) / (a.visitors + b.visitors)
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors))
  if (standardError === 0) return { z: 0, pValue: 1 }
  const z = (a.taps / a.visitors - b.taps / b.visitors) / standardError
  return { z, pValue: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) }
}

/** The normal approximation holds when every arm expects at least this many taps and non-taps. */
const MIN_EXPECTED = 5

function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(p < 0.01 ? 3 : 2)}`
}

export function experimentVerdict(arms: readonly ArmResult[], alpha = DEFAULT_ALPHA): Verdict {
  const none = (text: string): Verdict => ({ leader: null, compared: null, z: null, pValue: null, conclusive: false, text })
  if (arms.length < 2) return none('An experiment needs at least two arms to compare.')
  if (arms.every((arm) => arm.visitors === 0)) return none('No visitors counted yet.')
  if (arms.some((arm) => arm.visitors === 0)) return none(`No visitors counted yet for ${arms.filter((arm) => arm.visitors === 0).map((arm) => arm.arm).join(', ')}.`)
  if (arms.some((arm) => arm.taps > arm.visitors)) return none('More taps than visitors counted: the visitor counts are incomplete, no verdict.')
  const ranked = [...arms].sort((a, b) => b.taps / b.visitors - a.taps / a.visitors)
  const [leader, runnerUp] = ranked as [ArmResult, ArmResult]
  const test = twoProportionZTest(leader, runnerUp)!
  const base: Omit<Verdict, 'conclusive' | 'text'> = { leader: leader.arm, compared: runnerUp.arm, z: test.z, pValue: test.pValue }
  if (leader.taps / leader.visitors === runnerUp.taps / runnerUp.visitors) {
    return { ...base, leader: null, compared: null, conclusive: false, text: leader.taps === 0 ? 'No taps yet.' : `No difference between the arms so far (${formatP(test.pValue)}).` }
  }
  const pooled = (leader.taps + runnerUp.taps) / (leader.visitors + runnerUp.visitors)
  const enough = [leader, runnerUp].every((arm) => arm.visitors * pooled >= MIN_EXPECTED && arm.visitors * (1 - pooled) >= MIN_EXPECTED)
  if (!enough) return { ...base, conclusive: false, text: `${leader.arm} is ahead, not yet conclusive (too few taps to tell).` }
  const level = alpha / (arms.length - 1)
  const ahead = arms.length > 2 ? `${leader.arm} is ahead of ${runnerUp.arm}` : `${leader.arm} is ahead`
  if (test.pValue < level) {
    const confidence = Math.round((1 - alpha) * 100)
    return { ...base, conclusive: true, text: `${ahead}: conclusive at ${confidence} % confidence (${formatP(test.pValue)}).` }
  }
  return { ...base, conclusive: false, text: `${ahead}, not yet conclusive (${formatP(test.pValue)}).` }
}
