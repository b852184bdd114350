import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sqliteCallLog } from '../calls/store'
import type { CallTap } from '../calls/tap'
import { sqliteArmVisits } from './armVisits'
import { buildCallsReport, MAX_DAY_ROWS, reportSince } from './report'

const folder = mkdtempSync(path.join(tmpdir(), 'campaign-report-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function tap(overrides: Partial<CallTap>): CallTap {
  return { at: '2026-11-23T12:00:00.000Z', page: '/', source: 'hero-button', keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false, ...overrides }
}

describe('arm visits', () => {
  it('counts visitors per day, experiment and arm beside the call log, cleaned and capped', () => {
    const counter = sqliteArmVisits(path.join(folder, 'visits.sqlite'))
    const day = new Date('2026-11-23T10:00:00Z')
    for (let i = 0; i < 3; i++) counter.record('headline-test', 'B', day)
    counter.record('headline-test', 'A', day)
    counter.record('headline-test\u202e', ' A ', new Date('2026-11-22T10:00:00Z'))
    counter.record('', 'A', day)
    counter.record('x'.repeat(500), 'y'.repeat(500), day)
    expect(counter.totals('2026-11-01')).toEqual([
      { day: '2026-11-23', experiment: 'headline-test', arm: 'A', visits: 1 },
      { day: '2026-11-23', experiment: 'headline-test', arm: 'B', visits: 3 },
      { day: '2026-11-23', experiment: 'x'.repeat(80), arm: 'y'.repeat(40), visits: 1 },
      { day: '2026-11-22', experiment: 'headline-test', arm: 'A', visits: 1 },
    ])
    // Later counts add to the same rows.
    counter.record('headline-test', 'B', day)
    expect(counter.totals('2026-11-23').find((row) => row.arm === 'B')?.visits).toBe(4)
    counter.close()
  })

  it('writes pending counts by itself after a short delay', async () => {
    const file = path.join(folder, 'timer.sqlite')
    const writer = sqliteArmVisits(file, { flushMs: 20 })
    writer.record('e', 'A')
    const reader = sqliteArmVisits(file)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reader.totals().map((row) => row.visits)).toEqual([1])
    writer.close()
    reader.close()
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

describe('buildCallsReport', () => {
  it('adds taps and visitors per arm over the period and gives each experiment a verdict', () => {
    const report = buildCallsReport(
      '2026-11-01',
      [
        { day: '2026-11-23', page: '/', keyword: 'Termite Control', experiment: 'headline-test', arm: 'B', number: '+12125550101', taps: 15 },
        { day: '2026-11-22', page: '/', keyword: '', experiment: 'headline-test', arm: 'B', number: '', taps: 12 },
        { day: '2026-11-22', page: '/', keyword: '', experiment: 'headline-test', arm: 'A', number: '', taps: 20 },
        { day: '2026-10-02', page: '/', keyword: '', experiment: 'headline-test', arm: 'A', number: '', taps: 500 },
        { day: '2026-11-22', page: '/ants', keyword: '', experiment: '', arm: '', number: '', taps: 3 },
      ],
      [
        { day: '2026-11-23', experiment: 'headline-test', arm: 'A', visits: 200 },
        { day: '2026-11-22', experiment: 'headline-test', arm: 'A', visits: 200 },
        { day: '2026-11-23', experiment: 'headline-test', arm: 'B', visits: 410 },
        { day: '2026-10-23', experiment: 'headline-test', arm: 'B', visits: 9999 },
      ],
    )
    expect(report.days).toHaveLength(4)
    expect(report.experiments).toEqual([
      {
        experiment: 'headline-test',
        arms: [
          { arm: 'A', visitors: 400, taps: 20 },
          { arm: 'B', visitors: 410, taps: 27 },
        ],
        verdict: expect.objectContaining({ leader: 'B', conclusive: false, text: expect.stringMatching(/^B is ahead, not yet conclusive/) }),
      },
    ])
  })

  it('shows 0 visitors (and says so) until arm visits are counted', () => {
    const report = buildCallsReport('2026-11-01', [{ day: '2026-11-23', experiment: 'e', arm: 'A', taps: 2 }, { day: '2026-11-23', experiment: 'e', arm: 'B', taps: 4 }], [])
    expect(report.experiments[0]!.arms.map((arm) => arm.visitors)).toEqual([0, 0])
    expect(report.experiments[0]!.verdict.text).toBe('No visitors counted yet.')
  })

  it('is bounded', () => {
    const rows = Array.from({ length: MAX_DAY_ROWS + 20 }, (_, i) => ({ day: '2026-11-23', page: `/p${i}`, taps: 1 }))
    const report = buildCallsReport('2026-11-01', rows, [])
    expect(report.days).toHaveLength(MAX_DAY_ROWS)
    expect(report.daysLeftOut).toBe(20)
  })

  it('counts the period back from today', () => {
    expect(reportSince(new Date('2026-11-23T12:00:00Z'))).toBe('2026-10-25')
  })
})
