/**
 * A plain-language verdict for an A/B test that stays true however often an editor looks at it.
 *
 * The unit is the converting visitor (a visitor who tapped to call at least once); taps are shown
 * beside but never enter the statistics, so one visitor tapping five times counts once.
 *
 * The comparison is the mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis
 * & Walsh, "Peeking at A/B Tests: Why it matters, and what to do about it" (KDD 2017), the method
 * behind Optimizely's Stats Engine: for the difference of two conversion rates (normal approximation)
 * with a N(0, τ²) mixture over the effect, 1/Λ is an always-valid p-value. Its running minimum over
 * the looks is still valid: the chance that it ever drops below α, however often and however long one
 * looks, is at most α (Ville's inequality). A fixed-horizon z-test read daily would declare a false
 * winner far more often than its nominal 5 % (see `npm run bench:ab`).
 *
 * With more than two arms the leader is compared with the runner-up at α ÷ (arms − 1) (Bonferroni),
 * so adding arms does not make a lucky winner more likely.
 *
 * Before any comparison a sample-ratio-mismatch (SRM) check tests the visitors per arm against the
 * configured weights (Pearson chi-square, p < 0.001): a broken split (caches serving one version,
 * a bot hitting one arm, weights changed mid-test) biases every comparison, so no winner is named.
 */

/** One arm's cumulative counts as the Calls tool reports them. */
export interface ArmCounts {
  arm: string
  /** The arm's configured share of visitors; any positive numbers (50 / 50, 0.7 / 0.3, 2 / 1). */
  weight: number
  visitors: number
  /** Visitors who tapped to call at least once: the unit the statistics count. */
  converters: number
  /** All taps, shown beside; not used by the statistics. */
  taps: number
}

/** One arm's cumulative totals at an earlier look (the end of a day). */
export interface ArmLook {
  arm: string
  visitors: number
  converters: number
}

export interface ConversionCounts {
  visitors: number
  converters: number
}

export interface SrmResult {
  /** True when the visitors per arm are very unlikely under the configured weights (p < SRM_ALPHA). */
  fired: boolean
  /** Chi-square goodness-of-fit p-value, or null when the check does not apply (no visitors, bad weights). */
  pValue: number | null
  chiSquare: number | null
}

export interface Verdict {
  /** The arm with the highest share of converting visitors, or null when no winner can be named. */
  leader: string | null
  /** The arm it is compared with (the runner-up). */
  compared: string | null
  /** Always-valid p-value (mSPRT) of the leader against the runner-up, or null when the test does not apply. */
  pValue: number | null
  conclusive: boolean
  srm: SrmResult
  /** What an editor reads, e.g. "B is ahead: conclusive (always-valid p = 0.003, safe to read any day)." */
  text: string
  method: 'mSPRT'
}

export interface VerdictOptions {
  /** Chance of a false "conclusive", over all looks together. */
  alpha?: number
  /** Mixture variance of the effect; see MSPRT_TAU2. */
  tau2?: number
  /**
   * Cumulative totals at earlier looks (e.g. the end of each day since the test started), oldest first.
   * When given, the verdict's p-value is the running minimum over these looks and the current totals,
   * as the mSPRT defines it; without it, the p-value at the current totals alone (valid at any one look).
   */
  history?: readonly (readonly ArmLook[])[]
  /**
   * Each version's visitors of the last days only (experimentVisitors' RECENT_DAYS): a split that is off over the
   * whole test but fine in a recent window of enough visitors does not freeze the test (an early flood has passed).
   */
  recent?: readonly Pick<ArmCounts, 'arm' | 'weight' | 'visitors'>[]
}

/** A recent window counts for the split check once it holds at least this many visitors. */
export const RECENT_SPLIT_MIN = 100

export const DEFAULT_ALPHA = 0.05

/**
 * The mixture variance τ² of the effect (difference of conversion rates). mSPRT has the most power for
 * effects near τ; here τ = 0.015, the absolute difference of a 30 % relative lift on a 5 % base rate
 * (5 % → 6.5 %), typical of a headline or button test on a call-lead site converting a few percent.
 * Smaller τ² favours smaller effects but needs more visitors for large ones; the level α holds for any τ².
 */
export const MSPRT_TAU2 = (0.05 * 0.3) ** 2

/** The SRM check fires below this p-value: strict, because it blocks the verdict. */
export const SRM_ALPHA = 0.001

/** The normal approximation holds when every arm expects at least this many converters and non-converters. */
const MIN_EXPECTED = 5

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

function validCounts(counts: ConversionCounts): boolean {
  return Number.isFinite(counts.visitors) && Number.isFinite(counts.converters) && counts.visitors > 0 && counts.converters >= 0 && counts.converters <= counts.visitors
}

/**
 * The classic fixed-horizon pooled two-proportion z-test of a against b (two-sided), or null when it
 * cannot be computed. Valid only when read once at a sample size fixed in advance: kept for the
 * simulation that shows what daily peeking at it does.
 */
export function twoProportionZTest(a: ConversionCounts, b: ConversionCounts): { z: number; pValue: number } | null {
  if (!validCounts(a) || !validCounts(b)) return null
  const pooled = (a.converters + b.converters) / (a.visitors + b.visitors)
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors))
  if (standardError === 0) return { z: 0, pValue: 1 }
  const z = (a.converters / a.visitors - b.converters / b.visitors) / standardError
  return { z, pValue: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) }
}

/**
 * The mSPRT always-valid p-value at one look, 1/Λ (at most 1), for the difference of a's and b's
 * conversion rates: Λ = sqrt(V/(V+τ²)) · exp(τ²θ̂² / (2V(V+τ²))), θ̂ the difference of the rates and
 * V = p̂a(1−p̂a)/na + p̂b(1−p̂b)/nb its variance. Null when the counts are impossible; 1 when the rates are
 * equal at 0 or 1 (no evidence either way). When V = 0 with different rates (one arm 0, the other 1: the
 * strongest evidence, not none) the pooled rate's variance stands in. The running minimum over looks is also valid.
 */
export function msprtPValue(a: ConversionCounts, b: ConversionCounts, tau2: number = MSPRT_TAU2): number | null {
  if (!validCounts(a) || !validCounts(b) || !(tau2 > 0)) return null
  const rateA = a.converters / a.visitors
  const rateB = b.converters / b.visitors
  let variance = (rateA * (1 - rateA)) / a.visitors + (rateB * (1 - rateB)) / b.visitors
  if (variance === 0) {
    if (rateA === rateB) return 1
    const pooled = (a.converters + b.converters) / (a.visitors + b.visitors)
    variance = pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors)
  }
  const difference = rateA - rateB
  const logLikelihoodRatio = 0.5 * Math.log(variance / (variance + tau2)) + (tau2 * difference * difference) / (2 * variance * (variance + tau2))
  return Math.min(1, Math.exp(-logLikelihoodRatio))
}

/** Whether both arms expect at least MIN_EXPECTED converters and non-converters (pooled rate): else no test. */
export function normalApproximationHolds(a: ConversionCounts, b: ConversionCounts): boolean {
  if (!validCounts(a) || !validCounts(b)) return false
  const pooled = (a.converters + b.converters) / (a.visitors + b.visitors)
  return [a, b].every((arm) => arm.visitors * pooled >= MIN_EXPECTED && arm.visitors * (1 - pooled) >= MIN_EXPECTED)
}

// ln Γ(x), Lanczos approximation (Numerical Recipes gammln), relative error < 2e-10.
const LANCZOS = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5]
function logGamma(x: number): number {
  let tmp = x + 5.5
  tmp -= (x + 0.5) * Math.log(tmp)
  let series = 1.000000000190015
  for (let j = 0; j < LANCZOS.length; j++) series += LANCZOS[j]! / (x + 1 + j)
  return -tmp + Math.log((2.5066282746310005 * series) / x)
}

/**
 * Regularized upper incomplete gamma Q(a, x) (Numerical Recipes gammq: series below a + 1, Lentz's
 * continued fraction above). Written out because no statistics package is installed and one function
 * does not justify adding one.
 */
function upperIncompleteGammaRegularized(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) return Number.NaN
  if (x === 0) return 1
  if (x === Number.POSITIVE_INFINITY) return 0
  const EPS = 1e-15
  const FPMIN = 1e-300
  const logPrefix = -x + a * Math.log(x) - logGamma(a)
  if (x < a + 1) {
    let term = 1 / a
    let sum = term
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n)
      sum += term
      if (Math.abs(term) < Math.abs(sum) * EPS) break
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix))
  }
  let b = x + 1 - a
  let c = 1 / FPMIN
  let d = 1 / b
  let h = d
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < FPMIN) d = FPMIN
    c = b + an / c
    if (Math.abs(c) < FPMIN) c = FPMIN
    d = 1 / d
    const delta = d * c
    h *= delta
    if (Math.abs(delta - 1) < EPS) break
  }
  return Math.min(1, Math.exp(logPrefix) * h)
}

/** P(X ≥ x) for X chi-square distributed with df degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0) || Number.isNaN(x)) return Number.NaN
  if (x <= 0) return 1
  return upperIncompleteGammaRegularized(df / 2, x / 2)
}

/**
 * Sample-ratio-mismatch check: Pearson chi-square goodness-of-fit of the visitors per arm against the
 * arms' weights (df = arms − 1); fires when p < SRM_ALPHA. An arm with no positive weight that still
 * gets visitors fires at once; no visitors (or fewer than two arms) → not applicable.
 */
export function srmCheck(arms: readonly Pick<ArmCounts, 'arm' | 'weight' | 'visitors'>[]): SrmResult {
  const notApplicable: SrmResult = { fired: false, pValue: null, chiSquare: null }
  const total = arms.reduce((sum, arm) => sum + arm.visitors, 0)
  if (arms.length < 2 || !(total > 0)) return notApplicable
  if (arms.some((arm) => !(arm.weight > 0) || !Number.isFinite(arm.weight))) {
    return arms.some((arm) => !(arm.weight > 0) && arm.visitors > 0) ? { fired: true, pValue: 0, chiSquare: Number.POSITIVE_INFINITY } : notApplicable
  }
  const totalWeight = arms.reduce((sum, arm) => sum + arm.weight, 0)
  let chiSquare = 0
  for (const arm of arms) {
    const expected = (total * arm.weight) / totalWeight
    chiSquare += (arm.visitors - expected) ** 2 / expected
  }
  const pValue = chiSquareSurvival(chiSquare, arms.length - 1)
  return { fired: pValue < SRM_ALPHA, pValue, chiSquare }
}

function formatP(p: number, label = 'p'): string {
  return p < 0.001 ? `${label} < 0.001` : `${label} = ${p.toFixed(p < 0.01 ? 3 : 2)}`
}

const formatCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export function experimentVerdict(arms: readonly ArmCounts[], options: VerdictOptions = {}): Verdict {
  const alpha = options.alpha ?? DEFAULT_ALPHA
  const tau2 = options.tau2 ?? MSPRT_TAU2
  let srm: SrmResult = { fired: false, pValue: null, chiSquare: null }
  const none = (text: string): Verdict => ({ leader: null, compared: null, pValue: null, conclusive: false, srm, text, method: 'mSPRT' })
  // The report knows a version once it has visitors: a running test with none, or only one version's, is waiting for visitors.
  if (arms.every((arm) => arm.visitors === 0)) return none('No visitors yet: the verdict appears once visitors of each version are counted.')
  if (arms.length < 2) return none(`Only version ${arms[0]!.arm} has visitors so far: the verdict compares the versions once each has visitors.`)
  if (arms.some((arm) => !(arm.visitors >= 0) || !(arm.converters >= 0) || arm.converters > arm.visitors)) {
    return none('More converting visitors than visitors counted: the visitor counts are incomplete, no verdict.')
  }
  srm = srmCheck(arms)
  const recent = options.recent
  const recentHolds = recent !== undefined && recent.reduce((sum, arm) => sum + arm.visitors, 0) >= RECENT_SPLIT_MIN && !srmCheck(recent).fired
  if (srm.fired && recentHolds) srm = { ...srm, fired: false }
  if (srm.fired) {
    const visitors = arms.map((arm) => formatCount.format(arm.visitors)).join(' / ')
    const weights = arms.map((arm) => formatCount.format(arm.weight)).join(' / ')
    return none(
      `The split looks broken: visitors per version (${arms.map((arm) => arm.arm).join(' / ')}) are ${visitors} against weights ${weights} (${formatP(srm.pValue!)}). ` +
        `No winner is named until this is fixed — check caches and the test's settings.`,
    )
  }
  const empty = arms.filter((arm) => arm.visitors === 0)
  if (empty.length > 0) return none(`No visitors counted yet for ${empty.map((arm) => arm.arm).join(', ')}.`)

  const rate = (arm: ConversionCounts) => arm.converters / arm.visitors
  const [leader, runnerUp] = [...arms].sort((a, b) => rate(b) - rate(a)) as [ArmCounts, ArmCounts]
  let pValue = msprtPValue(leader, runnerUp, tau2)!
  if (rate(leader) === rate(runnerUp)) {
    return { ...none(leader.converters === 0 ? 'No visitor has tapped to call yet.' : `No difference between the versions so far (${formatP(pValue, 'always-valid p')}).`), pValue }
  }
  const base = { leader: leader.arm, compared: runnerUp.arm, srm, method: 'mSPRT' as const }
  if (!normalApproximationHolds(leader, runnerUp)) {
    return { ...base, pValue: null, conclusive: false, text: `${leader.arm} is ahead, not yet conclusive (too few converting visitors to tell).` }
  }
  // The running minimum over earlier looks of this same pair. Looks too small to test, or where the
  // leader was behind, are skipped: a minimum over fewer looks is never smaller, so it stays valid.
  for (const look of options.history ?? []) {
    const a = look.find((arm) => arm.arm === leader.arm)
    const b = look.find((arm) => arm.arm === runnerUp.arm)
    if (!a || !b || !normalApproximationHolds(a, b) || rate(a) < rate(b)) continue
    pValue = Math.min(pValue, msprtPValue(a, b, tau2) ?? 1)
  }
  const level = alpha / (arms.length - 1)
  const ahead = arms.length > 2 ? `${leader.arm} is ahead of ${runnerUp.arm}` : `${leader.arm} is ahead`
  if (pValue < level) {
    return { ...base, pValue, conclusive: true, text: `${ahead}: conclusive (${formatP(pValue, 'always-valid p')}, safe to read any day).` }
  }
  return { ...base, pValue, conclusive: false, text: `${ahead}, not yet conclusive (${formatP(pValue, 'always-valid p')}).` }
}
