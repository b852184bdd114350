import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { sqliteCallLog } from '../taps/store'
import type { CallTap } from '../taps/tap'
import { sqliteExperimentVisitors, type ExperimentCounts, type ServedVersion } from '../taps/experimentVisitors'
import { buildCallsReport, MAX_DAY_ROWS, reportSince, wilsonInterval } from './report'
import { EMPTY_VOICE_REPORT } from '../calls/report'

const folder = mkdtempSync(path.join(tmpdir(), 'campaign-report-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function tap(overrides: Partial<CallTap>): CallTap {
  return { at: '2026-11-23T12:00:00.000Z', page: '/', source: 'hero-button', keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false, ...overrides }
}

const served = (arm: string, visitor: string): ServedVersion => ({ experiment: { name: 'headline-test', arms: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] }, arm, visitor })

describe('experiment visitors', () => {
  it('counts a visitor once however often it comes back, and a visitor who taps 5 times as one converting visitor', async () => {
    const counter = sqliteExperimentVisitors(path.join(folder, 'visitors.sqlite'))
    const day = new Date('2026-11-23T10:00:00Z')
    for (let view = 0; view < 4; view++) await counter.seen(served('A', 'visitor-one-aaaaaaaaaaa'), day)
    await counter.seen(served('B', 'visitor-two-bbbbbbbbbbb'), day)
    for (let tap = 0; tap < 5; tap++) await counter.tapped(served('B', 'visitor-two-bbbbbbbbbbb'), new Date('2026-11-24T10:00:00Z'))
    const { arms, weights } = (await counter.counts())
    expect(arms).toEqual([
      { experiment: 'headline-test', arm: 'A', visitors: 1, converters: 0, taps: 0, firstDay: '2026-11-23', lastDay: '2026-11-23' },
      { experiment: 'headline-test', arm: 'B', visitors: 1, converters: 1, taps: 5, firstDay: '2026-11-23', lastDay: '2026-11-24' },
    ])
    expect(Object.fromEntries(weights.get('headline-test')!)).toEqual({ A: 50, B: 50 })
  })

  it('counts an id seen under two versions for neither, for good: 0 visitors and 0 converting visitors', async () => {
    const counter = sqliteExperimentVisitors(path.join(folder, 'sticky.sqlite'))
    await counter.seen(served('A', 'visitor-one-aaaaaaaaaaa'))
    await counter.seen(served('A', 'visitor-two-aaaaaaaaaaa'))
    await counter.tapped(served('B', 'visitor-one-aaaaaaaaaaa'))
    // Seen under A again, and tapping under A: still no one's.
    await counter.seen(served('A', 'visitor-one-aaaaaaaaaaa'))
    await counter.tapped(served('A', 'visitor-one-aaaaaaaaaaa'))
    expect((await counter.counts()).arms.map(({ arm, visitors, converters }) => ({ arm, visitors, converters }))).toEqual([{ arm: 'A', visitors: 1, converters: 0 }])
  })

  it('stores a hash of the visitor id, never the id itself', async () => {
    const file = path.join(folder, 'hashed.sqlite')
    const counter = sqliteExperimentVisitors(file)
    await counter.seen(served('A', 'visitor-one-aaaaaaaaaaa'))
    const db = new DatabaseSync(file)
    const stored = db.prepare('SELECT visitor FROM experiment_visitors').all().map((row) => String(row.visitor))
    db.close()
    expect(stored).toHaveLength(1)
    expect(stored[0]).not.toContain('visitor-one')
  })

  it('counts bots turned away per experiment, apart from visitors', async () => {
    const counter = sqliteExperimentVisitors(path.join(folder, 'bots.sqlite'))
    for (let i = 0; i < 100; i++) await counter.botExcluded('headline-test')
    const { arms, bots } = (await counter.counts())
    expect(arms).toEqual([])
    expect(bots.get('headline-test')).toBe(100)
  })
})

describe('the SQLite call log by dimension', () => {
  it('groups taps by any of its dimensions, from a day on', async () => {
    const log = sqliteCallLog(path.join(folder, 'dims.sqlite'))
    await log.record(tap({ experiment: 'headline-test', arm: 'B', number: '+12125550101' }))
    await log.record(tap({ experiment: 'headline-test', arm: 'B', number: '+12125550101' }))
    await log.record(tap({ experiment: 'headline-test', arm: 'A' }))
    await log.record(tap({ at: '2026-10-01T08:00:00.000Z', arm: 'A' }))
    expect(await log.summary({ by: ['arm', 'number'], sinceDay: '2026-11-01' })).toEqual([
      { day: '2026-11-23', arm: 'B', number: '+12125550101', taps: 2 },
      { day: '2026-11-23', arm: 'A', number: '', taps: 1 },
    ])
  })
})

const NO_COUNTS: ExperimentCounts = { arms: [], weights: new Map(), bots: new Map() }

function counts(rows: { arm: string; visitors: number; converters: number; taps: number }[], weights: Record<string, number> = { A: 50, B: 50 }, bots = 0): ExperimentCounts {
  return {
    arms: rows.map((row) => ({ experiment: 'headline-test', firstDay: '2026-11-01', lastDay: '2026-11-23', ...row })),
    weights: new Map([['headline-test', new Map(Object.entries(weights))]]),
    bots: new Map(bots ? [['headline-test', bots]] : []),
  }
}

describe('buildCallsReport', () => {
  it('lists taps per day in the period, and per test its visitors, converting visitors, taps, rate with interval and verdict', () => {
    const report = buildCallsReport(
      '2026-11-01',
      [
        { day: '2026-11-23', page: '/', keyword: 'Termite Control', experiment: 'headline-test', arm: 'B', number: '+12125550101', taps: 15 },
        { day: '2026-11-22', page: '/', keyword: '', experiment: 'headline-test', arm: 'A', number: '', taps: 20 },
        { day: '2026-10-02', page: '/', keyword: '', experiment: 'headline-test', arm: 'A', number: '', taps: 500 },
        { day: '2026-11-22', page: '/ants', keyword: '', experiment: '', arm: '', number: '', taps: 3 },
      ],
      counts([{ arm: 'A', visitors: 400, converters: 18, taps: 20 }, { arm: 'B', visitors: 410, converters: 24, taps: 27 }], undefined, 7),
    )
    expect(report.days).toHaveLength(3)
    const [test] = report.experiments
    expect(test).toMatchObject({ experiment: 'headline-test', botsExcluded: 7, firstDay: '2026-11-01', lastDay: '2026-11-23' })
    expect(test!.arms.map(({ arm, weight, visitors, converters, taps }) => ({ arm, weight, visitors, converters, taps }))).toEqual([
      { arm: 'A', weight: 50, visitors: 400, converters: 18, taps: 20 },
      { arm: 'B', weight: 50, visitors: 410, converters: 24, taps: 27 },
    ])
    expect(test!.arms[1]!.rate).toBeCloseTo(24 / 410)
    expect(test!.arms[1]!.interval!.low).toBeLessThan(24 / 410)
    expect(test!.arms[1]!.interval!.high).toBeGreaterThan(24 / 410)
    expect(test!.verdict).toMatchObject({ leader: 'B', conclusive: false, method: 'mSPRT', srm: { fired: false } })
  })

  it('names no winner when the split is broken (60/40 of 2,000 visitors against 50/50), however big the difference', () => {
    const report = buildCallsReport('2026-11-01', [], counts([{ arm: 'A', visitors: 1200, converters: 30, taps: 31 }, { arm: 'B', visitors: 800, converters: 80, taps: 90 }]))
    const verdict = report.experiments[0]!.verdict
    expect(verdict.srm.fired).toBe(true)
    expect(verdict.leader).toBeNull()
    expect(verdict.conclusive).toBe(false)
    expect(verdict.text).toMatch(/split looks broken/)
  })

  it('lists a version no visitor has reached yet, so a one-sided split is seen', () => {
    const report = buildCallsReport('2026-11-01', [], counts([{ arm: 'A', visitors: 300, converters: 9, taps: 9 }]))
    expect(report.experiments[0]!.arms.map((arm) => [arm.arm, arm.visitors])).toEqual([['A', 300], ['B', 0]])
    expect(report.experiments[0]!.verdict.srm.fired).toBe(true)
  })

  it('is bounded', () => {
    const rows = Array.from({ length: MAX_DAY_ROWS + 20 }, (_, i) => ({ day: '2026-11-23', page: `/p${i}`, taps: 1 }))
    const report = buildCallsReport('2026-11-01', rows, NO_COUNTS)
    expect(report.days).toHaveLength(MAX_DAY_ROWS)
    expect(report.daysLeftOut).toBe(20)
  })

  it('counts the period back from today', () => {
    expect(reportSince(new Date('2026-11-23T12:00:00Z'))).toBe('2026-10-25')
  })
})

describe('wilsonInterval', () => {
  it('matches the textbook values and stays inside 0–1', () => {
    const interval = wilsonInterval(6, 100)!
    expect(interval.low).toBeCloseTo(0.0278, 3)
    expect(interval.high).toBeCloseTo(0.1247, 3)
    expect(wilsonInterval(0, 20)!.low).toBe(0)
    expect(wilsonInterval(20, 20)!.high).toBe(1)
    expect(wilsonInterval(0, 0)).toBeNull()
  })

  it('judges calls by enrolled visitors: 120 leases without a call neither freeze nor flip the verdict, and an early flood does not freeze a test', () => {
    const counts: ExperimentCounts = {
      arms: [
        { experiment: 'hero', arm: 'a', visitors: 1_000, converters: 40, taps: 50, firstDay: '2026-11-01', lastDay: '2026-11-28' },
        { experiment: 'hero', arm: 'b', visitors: 1_000, converters: 80, taps: 95, firstDay: '2026-11-01', lastDay: '2026-11-28' },
      ],
      weights: new Map([['hero', new Map([['a', 50], ['b', 50]])]]),
      bots: new Map(),
      recent: new Map([['hero', new Map([['a', 300], ['b', 300]])]]),
    }
    const voice = (leasesA: number) => ({ ...EMPTY_VOICE_REPORT, poolVisits: [{ experiment: 'hero', version: 'a', visitors: 400 + leasesA, converters: 30 }, { experiment: 'hero', version: 'b', visitors: 400, converters: 70 }] })
    const before = buildCallsReport('2026-11-01', [], counts, voice(0)).experiments[0]!
    const flooded = buildCallsReport('2026-11-01', [], counts, voice(120)).experiments[0]!
    expect(before.decidedOn).toBe('qualified calls')
    expect(flooded.callVerdict).toEqual(before.callVerdict)
    expect(flooded.callVerdict?.leader).toBe('b')
    // An early flood put 60/40 over the whole test, but the last days split evenly: the test is not frozen.
    const early = { ...counts, arms: counts.arms.map((arm) => ({ ...arm, visitors: arm.arm === 'a' ? 1_200 : 800 })) }
    expect(buildCallsReport('2026-11-01', [], early, voice(0)).experiments[0]!.callVerdict?.srm.fired).toBe(false)
    // Split off in the last days too: no winner is named.
    const still = { ...early, recent: new Map([['hero', new Map([['a', 360], ['b', 240]])]]) }
    expect(buildCallsReport('2026-11-01', [], still, voice(0)).experiments[0]!.callVerdict?.srm.fired).toBe(true)
  })
})
