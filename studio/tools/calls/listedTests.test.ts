import { describe, expect, it } from 'vitest'
import { EMPTY_VOICE_REPORT } from '../../../web/lib/calls/report'
import { buildCallsReport } from '../../../web/lib/campaigns/report'
import type { ArmStats, ExperimentCounts } from '../../../web/lib/taps/experimentVisitors'
import { listedTests, type PageTest } from './listedTests'

const NOW = Date.parse('2026-11-25T12:00:00.000Z')

function arm(experiment: string, name: string, visitors: number, converters: number): ArmStats {
  return { experiment, arm: name, visitors, converters, taps: converters, firstDay: '2026-11-01', lastDay: '2026-11-20' }
}

/** Four tests the site counted visitors for; the report lists them by name. */
const counts: ExperimentCounts = {
  arms: [
    arm('autumn-offer', 'a', 300, 9),
    arm('autumn-offer', 'b', 310, 12),
    arm('home-headline', 'A', 400, 18),
    arm('home-headline', 'B', 403, 24),
    arm('old-banner', 'a', 90, 2),
    arm('old-banner', 'b', 88, 3),
    arm('spring-offer', 'a', 120, 6),
    arm('spring-offer', 'b', 131, 11),
  ],
  weights: new Map(),
  bots: new Map([['spring-offer', 4]]),
}

const test = (name: string, fields: Record<string, unknown> = {}): PageTest => ({ experiment: { name: { current: name }, arms: [{ key: 'a' }, { key: 'b' }], ...fields } })

const pages: PageTest[] = [
  test('autumn-offer', { stop: '2026-11-24T09:30:00.000Z', kept: 'b' }),
  test('home-headline', { start: '2026-11-01T00:00:00.000Z' }),
  test('old-banner', { stop: '2026-10-02T08:00:00.000Z' }),
  // Ended by the action, which records the version that became the page.
  test('spring-offer', { stop: '2026-11-20T15:00:00.000Z', kept: 'b' }),
  { experiment: null },
  {},
]

describe('the A/B tests in the Calls tool', () => {
  it('keeps an ended test with the numbers the site recorded, headed with when it ended and which version became the page', () => {
    const report = buildCallsReport('2026-10-27', [], counts)
    const listed = listedTests(report.experiments, pages, NOW)
    const spring = listed.find((entry) => entry.test.experiment === 'spring-offer')!
    expect(spring.ended).toBe('Ended November 20, 2026: b became the page')
    // The report's own section, untouched: visitors, converting visitors, taps and the verdict as they stood.
    expect(spring.test).toBe(report.experiments.find((entry) => entry.experiment === 'spring-offer'))
    expect(spring.test.arms.map(({ arm: version, visitors, converters, taps }) => [version, visitors, converters, taps])).toEqual([
      ['a', 120, 6, 6],
      ['b', 131, 11, 11],
    ])
    expect(spring.test.botsExcluded).toBe(4)
    expect(spring.test.verdict.text).toBe(report.experiments.find((entry) => entry.experiment === 'spring-offer')!.verdict.text)
    // A test stopped by its date alone: the first version is the page.
    expect(listed.find((entry) => entry.test.experiment === 'old-banner')!.ended).toBe('Ended October 2, 2026: a became the page')
  })

  it('keeps an ended test’s qualified calls from before the report’s days, with its taps', () => {
    // The report's own calls cover its last 30 days; the test ended long before: none of them are its.
    const voice = { ...EMPTY_VOICE_REPORT, poolVisits: [{ experiment: 'spring-offer', version: 'a', visitors: 40, converters: 3 }, { experiment: 'spring-offer', version: 'b', visitors: 42, converters: 7 }] }
    const lifeCalls = [
      { experiment: 'spring-offer', version: 'a', calls: 3 },
      { experiment: 'spring-offer', version: 'b', calls: 8 },
    ]
    const report = buildCallsReport('2026-10-27', [], counts, voice, lifeCalls)
    const spring = listedTests(report.experiments, pages, NOW).find((entry) => entry.test.experiment === 'spring-offer')!
    expect(spring.ended).toBe('Ended November 20, 2026: b became the page')
    expect(spring.test.arms.map(({ arm: version, qualifiedCalls, taps, poolVisitors, callConverters }) => [version, qualifiedCalls, taps, poolVisitors, callConverters])).toEqual([
      ['a', 3, 6, 40, 3],
      ['b', 8, 11, 42, 7],
    ])
    expect(spring.test.decidedOn).toBe('qualified calls')
  })

  it('lists the running tests first, then the ended ones, the last ended first', () => {
    const report = buildCallsReport('2026-10-27', [], counts)
    expect(listedTests(report.experiments, pages, NOW).map(({ test: entry, ended }) => [entry.experiment, ended !== null])).toEqual([
      ['home-headline', false],
      ['autumn-offer', true],
      ['spring-offer', true],
      ['old-banner', true],
    ])
  })

  it('keeps a test running while its stop is ahead, while another page still runs it, and when no page names it', () => {
    const report = buildCallsReport('2026-10-27', [], counts)
    const later = [
      test('autumn-offer', { stop: '2026-12-01T00:00:00.000Z' }),
      test('spring-offer', { stop: '2026-11-20T15:00:00.000Z', kept: 'b' }),
      test('spring-offer'),
    ]
    expect(listedTests(report.experiments, later, NOW).map(({ test: entry, ended }) => [entry.experiment, ended])).toEqual([
      ['autumn-offer', null],
      ['home-headline', null],
      ['old-banner', null],
      ['spring-offer', null],
    ])
  })

  it('lists every test of the report as it is when the pages could not be read', () => {
    const report = buildCallsReport('2026-10-27', [], counts)
    expect(listedTests(report.experiments, [], NOW)).toEqual(report.experiments.map((entry) => ({ test: entry, ended: null })))
  })
})
