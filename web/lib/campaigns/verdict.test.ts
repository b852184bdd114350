import { describe, expect, it } from 'vitest'
import {
  MSPRT_TAU2,
  chiSquareSurvival,
  experimentVerdict,
  msprtPValue,
  normalApproximationHolds,
  normalCdf,
  srmCheck,
  twoProportionZTest,
  type ArmCounts,
} from './verdict'
import { mulberry32 } from '../../../tests/support/seededRandom'

/** Two or more arms at equal weights; taps are twice the converters (shown, never counted). */
function arms(...counts: [arm: string, visitors: number, converters: number][]): ArmCounts[] {
  return counts.map(([arm, visitors, converters]) => ({ arm, weight: 50, visitors, converters, taps: converters * 2 }))
}

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6)
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5)
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5)
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5)
  })
})

describe('twoProportionZTest (the fixed-horizon test, kept for the simulation)', () => {
  it('gives the textbook z and two-sided p', () => {
    // 200/1000 vs 150/1000: pooled p = 0.175, SE = sqrt(0.175·0.825·0.002) ≈ 0.016993, z ≈ 2.9424.
    const result = twoProportionZTest({ converters: 200, visitors: 1000 }, { converters: 150, visitors: 1000 })!
    expect(result.z).toBeCloseTo(2.9424, 3)
    expect(result.pValue).toBeCloseTo(0.00326, 4)
  })

  it('refuses impossible inputs', () => {
    expect(twoProportionZTest({ converters: 1, visitors: 0 }, { converters: 1, visitors: 10 })).toBeNull()
    expect(twoProportionZTest({ converters: 11, visitors: 10 }, { converters: 1, visitors: 10 })).toBeNull()
    expect(twoProportionZTest({ converters: 0, visitors: 10 }, { converters: 0, visitors: 10 })).toEqual({ z: 0, pValue: 1 })
  })
})

describe('chiSquareSurvival', () => {
  it('matches the chi-square table', () => {
    expect(Math.abs(chiSquareSurvival(3.841, 1) - 0.05)).toBeLessThan(1e-3)
    expect(Math.abs(chiSquareSurvival(5.991, 2) - 0.05)).toBeLessThan(1e-3)
    expect(Math.abs(chiSquareSurvival(7.815, 3) - 0.05)).toBeLessThan(1e-3)
    expect(Math.abs(chiSquareSurvival(10.828, 1) - 0.001)).toBeLessThan(1e-5)
    expect(Math.abs(chiSquareSurvival(6.635, 1) - 0.01)).toBeLessThan(1e-4)
    // df = 2 is exp(−x/2) exactly; below and above a + 1 (series and continued fraction).
    expect(chiSquareSurvival(1, 2)).toBeCloseTo(Math.exp(-0.5), 9)
    expect(chiSquareSurvival(20, 2)).toBeCloseTo(Math.exp(-10), 12)
    expect(chiSquareSurvival(0, 1)).toBe(1)
  })
})

describe('srmCheck', () => {
  it('fires on a 60/40 split of 2,000 visitors against 50/50 weights, not on a fair one', () => {
    const broken = srmCheck(arms(['A', 1200, 60], ['B', 800, 40]))
    expect(broken.fired).toBe(true)
    expect(broken.chiSquare).toBeCloseTo(80, 9) // (200² + 200²) / 1000
    expect(broken.pValue!).toBeLessThan(0.001)
    const fair = srmCheck(arms(['A', 1010, 60], ['B', 990, 40]))
    expect(fair.fired).toBe(false)
    expect(fair.chiSquare).toBeCloseTo(0.2, 9)
    expect(fair.pValue).toBeCloseTo(0.6547, 3)
  })

  it('tests against the configured weights, whatever their scale', () => {
    expect(srmCheck([{ arm: 'A', weight: 70, visitors: 700 }, { arm: 'B', weight: 30, visitors: 300 }])).toEqual({ fired: false, pValue: 1, chiSquare: 0 })
    expect(srmCheck([{ arm: 'A', weight: 0.7, visitors: 690 }, { arm: 'B', weight: 0.3, visitors: 310 }]).fired).toBe(false)
    // 700/300 is a broken split when the weights say 50/50.
    expect(srmCheck([{ arm: 'A', weight: 1, visitors: 700 }, { arm: 'B', weight: 1, visitors: 300 }]).fired).toBe(true)
    // Three arms, df = 2.
    const three = srmCheck([{ arm: 'A', weight: 2, visitors: 1000 }, { arm: 'B', weight: 1, visitors: 500 }, { arm: 'C', weight: 1, visitors: 620 }])
    expect(three.fired).toBe(true)
  })

  it('does not apply without visitors, and fires when an arm weighted 0 gets visitors', () => {
    expect(srmCheck(arms(['A', 0, 0], ['B', 0, 0]))).toEqual({ fired: false, pValue: null, chiSquare: null })
    expect(srmCheck([{ arm: 'A', weight: 100, visitors: 500 }, { arm: 'B', weight: 0, visitors: 40 }]).fired).toBe(true)
  })
})

describe('msprtPValue', () => {
  it('is 1 with no difference and small with a big one', () => {
    expect(msprtPValue({ visitors: 5000, converters: 300 }, { visitors: 5000, converters: 300 })).toBe(1)
    expect(msprtPValue({ visitors: 5000, converters: 0 }, { visitors: 5000, converters: 0 })).toBe(1)
    expect(msprtPValue({ visitors: 1000, converters: 1000 }, { visitors: 1000, converters: 1000 })).toBe(1)
    // Every visitor of one version converting and none of the other: the strongest evidence, not none.
    expect(msprtPValue({ visitors: 1000, converters: 0 }, { visitors: 1000, converters: 1000 })!).toBeLessThan(0.001)
    expect(msprtPValue({ visitors: 1000, converters: 120 }, { visitors: 1000, converters: 60 })!).toBeLessThan(0.005)
  })

  it('follows Johari et al.: 1/Λ with Λ = sqrt(V/(V+τ²))·exp(τ²θ²/(2V(V+τ²)))', () => {
    // 200/1000 vs 150/1000: θ = 0.05, V = 0.16/1000 + 0.1275/1000 = 2.875e-4, τ² = 2.25e-4.
    const V = 2.875e-4
    const expected = 1 / (Math.sqrt(V / (V + MSPRT_TAU2)) * Math.exp((MSPRT_TAU2 * 0.05 ** 2) / (2 * V * (V + MSPRT_TAU2))))
    expect(MSPRT_TAU2).toBeCloseTo(2.25e-4, 12)
    expect(msprtPValue({ visitors: 1000, converters: 200 }, { visitors: 1000, converters: 150 })).toBeCloseTo(expected, 12)
    expect(expected).toBeCloseTo(0.198, 3)
    // Symmetric, and stricter than the fixed-horizon test on the same counts (z-test p ≈ 0.003).
    expect(msprtPValue({ visitors: 1000, converters: 150 }, { visitors: 1000, converters: 200 })).toBeCloseTo(expected, 12)
    expect(msprtPValue({ visitors: 11, converters: 12 }, { visitors: 10, converters: 1 })).toBeNull()
  })
})

describe('experimentVerdict', () => {
  it('says a version is ahead but not yet conclusive when the difference could be chance', () => {
    const verdict = experimentVerdict(arms(['A', 400, 20], ['B', 410, 27]))
    expect(verdict).toMatchObject({ leader: 'B', compared: 'A', conclusive: false, method: 'mSPRT', srm: { fired: false } })
    expect(verdict.text).toMatch(/^B is ahead, not yet conclusive \(always-valid p = (0\.\d\d|1\.00)\)\.$/)
  })

  it('says it is conclusive when the always-valid p is below 0.05', () => {
    const verdict = experimentVerdict(arms(['A', 1000, 60], ['B', 1000, 120]))
    expect(verdict).toMatchObject({ leader: 'B', compared: 'A', conclusive: true })
    expect(verdict.pValue).toBe(msprtPValue({ visitors: 1000, converters: 120 }, { visitors: 1000, converters: 60 }))
    expect(verdict.text).toBe('B is ahead: conclusive (always-valid p = 0.002, safe to read any day).')
  })

  it('does not call a fixed-horizon "p = 0.003" conclusive: it could be one lucky day among many looks', () => {
    const verdict = experimentVerdict(arms(['A', 1000, 150], ['B', 1000, 200]))
    expect(verdict).toMatchObject({ leader: 'B', conclusive: false })
    expect(verdict.text).toBe('B is ahead, not yet conclusive (always-valid p = 0.20).')
  })

  it('counts converting visitors, not taps', () => {
    const fewTaps = experimentVerdict(arms(['A', 1000, 60], ['B', 1000, 120]))
    const manyTaps = experimentVerdict(arms(['A', 1000, 60], ['B', 1000, 120]).map((arm) => (arm.arm === 'A' ? { ...arm, taps: 5000 } : arm)))
    expect(manyTaps).toEqual(fewTaps)
  })

  it('uses the running minimum over earlier looks of the same pair, when given', () => {
    const today = arms(['A', 3000, 180], ['B', 3000, 210])
    const alone = experimentVerdict(today)
    expect(alone.conclusive).toBe(false)
    // Day 10 showed a strong lead for B: once conclusive, an always-valid verdict stays conclusive.
    const dayTen = [{ arm: 'A', visitors: 1000, converters: 50 }, { arm: 'B', visitors: 1000, converters: 100 }]
    const withHistory = experimentVerdict(today, { history: [dayTen] })
    expect(withHistory.pValue).toBe(msprtPValue(dayTen[1]!, dayTen[0]!))
    expect(withHistory.pValue!).toBeLessThan(alone.pValue!)
    expect(withHistory).toMatchObject({ leader: 'B', conclusive: true })
    // A look where the leader was behind, or too small to test, or missing an arm, is not used.
    const reversed = [{ arm: 'A', visitors: 1000, converters: 100 }, { arm: 'B', visitors: 1000, converters: 50 }]
    const tiny = [{ arm: 'A', visitors: 20, converters: 0 }, { arm: 'B', visitors: 20, converters: 9 }]
    expect(experimentVerdict(today, { history: [reversed, tiny, [dayTen[1]!]] }).pValue).toBe(alone.pValue)
  })

  it('splits the significance level between comparisons with more than two arms', () => {
    // p ≈ 0.032: conclusive with two arms, not with three (0.05 / 2 = 0.025).
    const two = experimentVerdict(arms(['A', 2000, 100], ['B', 2000, 150]))
    const three = experimentVerdict(arms(['A', 2000, 100], ['B', 2000, 150], ['C', 2000, 60]))
    expect(two.pValue).toBeGreaterThan(0.025)
    expect(two.pValue).toBeLessThan(0.05)
    expect(two.conclusive).toBe(true)
    expect(three).toMatchObject({ leader: 'B', compared: 'A', conclusive: false })
    expect(three.text).toMatch(/^B is ahead of A, not yet conclusive/)
  })

  it('names no winner when the split is broken, however big the difference', () => {
    const verdict = experimentVerdict(arms(['A', 1200, 60], ['B', 800, 120]))
    expect(verdict).toMatchObject({ leader: null, compared: null, pValue: null, conclusive: false, srm: { fired: true, chiSquare: 80 } })
    expect(verdict.text).toBe(
      "The split looks broken: visitors per version (A / B) are 1,200 / 800 against weights 50 / 50 (p < 0.001). No winner is named until this is fixed — check caches and the test's settings.",
    )
    // The same counts are fine when the weights were 60/40.
    const weighted = experimentVerdict(arms(['A', 1200, 60], ['B', 800, 120]).map((arm) => ({ ...arm, weight: arm.arm === 'A' ? 60 : 40 })))
    expect(weighted).toMatchObject({ leader: 'B', conclusive: true, srm: { fired: false } })
  })

  it('does not test with too few converting visitors, no visitors, or counts that cannot be right', () => {
    expect(experimentVerdict(arms(['A', 30, 1], ['B', 30, 3]))).toMatchObject({ leader: 'B', pValue: null, conclusive: false, text: 'B is ahead, not yet conclusive (too few converting visitors to tell).' })
    expect(experimentVerdict(arms(['A', 0, 0], ['B', 0, 0])).text).toBe('No visitors yet: the verdict appears once visitors of each version are counted.')
    // A running test whose log has no visitor yet names no missing version.
    expect(experimentVerdict([]).text).toBe('No visitors yet: the verdict appears once visitors of each version are counted.')
    expect(experimentVerdict(arms(['A', 3, 1])).text).toBe('Only version A has visitors so far: the verdict compares the versions once each has visitors.')
    expect(experimentVerdict(arms(['A', 10, 4], ['B', 0, 0])).text).toBe('No visitors counted yet for B.')
    const impossible = experimentVerdict(arms(['A', 10, 40], ['B', 10, 2]))
    expect(impossible).toMatchObject({ leader: null, conclusive: false })
    expect(impossible.text).toMatch(/^More converting visitors than visitors/)
    expect(experimentVerdict(arms(['A', 10, 1])).leader).toBeNull()
    expect(normalApproximationHolds({ visitors: 30, converters: 1 }, { visitors: 30, converters: 3 })).toBe(false)
  })

  it('reports no difference when the rates are equal', () => {
    expect(experimentVerdict(arms(['A', 500, 50], ['B', 500, 50]))).toMatchObject({ leader: null, conclusive: false, pValue: 1, text: 'No difference between the versions so far (always-valid p = 1.00).' })
    expect(experimentVerdict(arms(['A', 500, 0], ['B', 500, 0])).text).toBe('No visitor has tapped to call yet.')
  })
})


describe('peeking every day (seeded A/A simulation)', () => {
  it('keeps false "conclusive" verdicts at or below 5 % with mSPRT, where the daily z-test goes far above', () => {
    const random = mulberry32(42)
    const TESTS = 200
    let msprtFalse = 0
    let zFalse = 0
    for (let test = 0; test < TESTS; test++) {
      const a = { visitors: 0, converters: 0 }
      const b = { visitors: 0, converters: 0 }
      let runningMin = 1
      let zDeclared = false
      for (let day = 0; day < 60; day++) {
        for (let visitor = 0; visitor < 300; visitor++) {
          const arm = random() < 0.5 ? a : b
          arm.visitors++
          if (random() < 0.06) arm.converters++
        }
        if (!normalApproximationHolds(a, b)) continue
        runningMin = Math.min(runningMin, msprtPValue(a, b)!)
        if (twoProportionZTest(a, b)!.pValue < 0.05) zDeclared = true
      }
      if (runningMin < 0.05) msprtFalse++
      if (zDeclared) zFalse++
    }
    expect(msprtFalse / TESTS).toBeLessThanOrEqual(0.05)
    expect(zFalse / TESTS).toBeGreaterThan(0.15)
  })
})
