import { describe, expect, it } from 'vitest'
import { experimentVerdict, normalCdf, twoProportionZTest } from './verdict'

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6)
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5)
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5)
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5)
  })
})

describe('twoProportionZTest', () => {
  it('gives the textbook z and two-sided p', () => {
    // 200/1000 vs 150/1000: pooled p = 0.175, SE = sqrt(0.175·0.825·0.002) ≈ 0.016993, z ≈ 2.9424.
    const result = twoProportionZTest({ taps: 200, visitors: 1000 }, { taps: 150, visitors: 1000 })!
    expect(result.z).toBeCloseTo(2.9424, 3)
    expect(result.pValue).toBeCloseTo(0.00326, 4)
  })

  it('is symmetric, and refuses impossible inputs', () => {
    const ab = twoProportionZTest({ taps: 30, visitors: 500 }, { taps: 45, visitors: 520 })!
    const ba = twoProportionZTest({ taps: 45, visitors: 520 }, { taps: 30, visitors: 500 })!
    expect(ab.z).toBeCloseTo(-ba.z, 10)
    expect(ab.pValue).toBeCloseTo(ba.pValue, 10)
    expect(twoProportionZTest({ taps: 1, visitors: 0 }, { taps: 1, visitors: 10 })).toBeNull()
    expect(twoProportionZTest({ taps: 11, visitors: 10 }, { taps: 1, visitors: 10 })).toBeNull()
    expect(twoProportionZTest({ taps: 0, visitors: 10 }, { taps: 0, visitors: 10 })).toEqual({ z: 0, pValue: 1 })
  })
})

describe('experimentVerdict', () => {
  it('says an arm is ahead but not yet conclusive when the difference could be chance', () => {
    const verdict = experimentVerdict([{ arm: 'A', visitors: 400, taps: 20 }, { arm: 'B', visitors: 410, taps: 27 }])
    expect(verdict).toMatchObject({ leader: 'B', compared: 'A', conclusive: false })
    expect(verdict.text).toMatch(/^B is ahead, not yet conclusive \(p = 0\.\d\d\)\.$/)
  })

  it('says it is conclusive when p is below 0.05', () => {
    const verdict = experimentVerdict([{ arm: 'A', visitors: 1000, taps: 150 }, { arm: 'B', visitors: 1000, taps: 200 }])
    expect(verdict).toMatchObject({ leader: 'B', conclusive: true })
    expect(verdict.text).toBe('B is ahead: conclusive at 95 % confidence (p = 0.003).')
  })

  it('splits the significance level between comparisons with more than two arms', () => {
    // p ≈ 0.03: conclusive with two arms, not with three (0.05 / 2 = 0.025).
    const two = experimentVerdict([{ arm: 'A', visitors: 1000, taps: 100 }, { arm: 'B', visitors: 1000, taps: 130 }])
    const three = experimentVerdict([{ arm: 'A', visitors: 1000, taps: 100 }, { arm: 'B', visitors: 1000, taps: 130 }, { arm: 'C', visitors: 1000, taps: 60 }])
    expect(two.pValue).toBeGreaterThan(0.025)
    expect(two.pValue).toBeLessThan(0.05)
    expect(two.conclusive).toBe(true)
    expect(three).toMatchObject({ leader: 'B', compared: 'A', conclusive: false })
    expect(three.text).toMatch(/^B is ahead of A, not yet conclusive/)
  })

  it('does not test with too few taps, no visitors, or visitor counts that cannot be right', () => {
    expect(experimentVerdict([{ arm: 'A', visitors: 30, taps: 1 }, { arm: 'B', visitors: 30, taps: 3 }]).text).toBe('B is ahead, not yet conclusive (too few taps to tell).')
    expect(experimentVerdict([{ arm: 'A', visitors: 0, taps: 4 }, { arm: 'B', visitors: 0, taps: 2 }]).text).toBe('No visitors counted yet.')
    expect(experimentVerdict([{ arm: 'A', visitors: 10, taps: 4 }, { arm: 'B', visitors: 0, taps: 2 }]).text).toBe('No visitors counted yet for B.')
    expect(experimentVerdict([{ arm: 'A', visitors: 10, taps: 40 }, { arm: 'B', visitors: 10, taps: 2 }]).conclusive).toBe(false)
    expect(experimentVerdict([{ arm: 'A', visitors: 10, taps: 1 }]).leader).toBeNull()
  })

  it('reports no difference when the rates are equal', () => {
    expect(experimentVerdict([{ arm: 'A', visitors: 500, taps: 50 }, { arm: 'B', visitors: 500, taps: 50 }])).toMatchObject({ leader: null, conclusive: false, text: 'No difference between the arms so far (p = 1.00).' })
    expect(experimentVerdict([{ arm: 'A', visitors: 500, taps: 0 }, { arm: 'B', visitors: 500, taps: 0 }]).text).toBe('No taps yet.')
  })
})
