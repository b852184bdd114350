import { describe, expect, it } from 'vitest'
import { tapAlarms, unverifiedTapVerdict } from './plausibility'
import { experimentVerdict } from './verdict'
import { wilsonInterval } from './report'

const arm = (name: string, visitors: number, converters: number) => ({ arm: name, visitors, interval: wilsonInterval(converters, visitors) })
const spread = (count: number, visitors: number, converters: number) => Array.from({ length: count }, () => ({ visitors, converters }))

describe('taps are not proof', () => {
  it('never names a winner on taps, however clear, and says which version is ahead', () => {
    const verdict = unverifiedTapVerdict(experimentVerdict([{ arm: 'a', weight: 1, visitors: 1000, converters: 10, taps: 10 }, { arm: 'b', weight: 1, visitors: 1000, converters: 900, taps: 900 }]))
    expect(verdict).toMatchObject({ leader: 'b', conclusive: false })
    expect(verdict.text).toMatch(/^b is ahead on taps\. Taps are not proof/)
  })

  it('raises no alarm on a landing page’s plausible numbers', () => {
    expect(tapAlarms({ arms: [arm('a', 1000, 90), arm('b', 1000, 120)], networks: spread(100, 20, 2) })).toEqual([])
  })

  it('raises an alarm on a converting rate far above the trade’s', () => {
    expect(tapAlarms({ arms: [arm('a', 1000, 90), arm('b', 1000, 900)], networks: [] })).toEqual([expect.stringMatching(/^b: at least \d+ % of its visitors tapped/)])
  })

  it('raises an alarm when converters are far more concentrated in a few networks than visitors are', () => {
    // 100 networks bring 20 visitors each; 3 of them bring 90 of the 100 converters.
    const networks = [...spread(3, 20, 30), ...spread(97, 20, 0), ...spread(10, 0, 1).map(() => ({ visitors: 20, converters: 1 }))]
    expect(tapAlarms({ arms: [arm('a', 2200, 100)], networks })).toEqual([expect.stringMatching(/came from a tenth of the networks/)])
  })
})
