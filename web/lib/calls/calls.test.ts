import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgrest, type PostgrestStandIn } from '../../../tests/support/postgrest'
import { fixedWindowLimiter } from './rateLimit'
import { sqliteCallLog, supabaseCallLog } from './store'
import { parseTap, type CallTap } from './tap'

const NOW = new Date('2026-11-23T12:00:00Z')

describe('parseTap', () => {
  it('keeps the known fields, cleaned and capped, and drops everything else', () => {
    const tap = parseTap(
      {
        page: '/?kw=wasp#x',
        source: 'hero-button',
        keyword: 'Wasp\u202e Removal\u0000',
        location: 'Dallas, TX',
        variant: 'home',
        clickId: true,
        ip: '203.0.113.9',
        userAgent: 'Mozilla',
        cookie: 'gclid=abc',
        experiment: 'x'.repeat(500),
        arm: 'B',
        number: '+12125550101',
      },
      NOW,
    )
    expect(tap).toEqual({
      at: '2026-11-23T12:00:00.000Z',
      page: '/',
      source: 'hero-button',
      keyword: 'Wasp Removal',
      location: 'Dallas, TX',
      variant: 'home',
      experiment: 'x'.repeat(80),
      arm: 'B',
      number: '+12125550101',
      clickId: true,
    })
  })

  it('keeps a tracking number only when it is a US number in E.164', () => {
    expect(parseTap({ page: '/', source: 'header', number: '(212) 555-0101' }, NOW)?.number).toBe('')
    expect(parseTap({ page: '/', source: 'header', number: '+1212555010<b>' }, NOW)?.number).toBe('')
    expect(parseTap({ page: '/', source: 'header', number: 12125550101 }, NOW)?.number).toBe('')
  })

  it.each([null, 'tap', [], {}, { page: 'ants', source: 'hero' }, { page: '/ants', source: '<script>' }, { page: '/ants' }])('refuses %j', (input) => {
    expect(parseTap(input, NOW)).toBeNull()
  })
})

describe('fixedWindowLimiter', () => {
  it('allows a few taps per client and a bounded total per window', () => {
    let time = 0
    const limiter = fixedWindowLimiter({ perClient: 2, total: 3, windowMs: 1000, now: () => time })
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a')]).toEqual([true, true, false])
    expect([limiter.allow('b'), limiter.allow('c')]).toEqual([true, false])
    time = 1000
    expect(limiter.allow('a')).toBe(true)
  })
})

function tap(overrides: Partial<CallTap> = {}): CallTap {
  return { at: '2026-11-23T12:00:00.000Z', page: '/ants', source: 'hero-button', keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false, ...overrides }
}

describe('the SQLite call log', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'calls-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('records taps and sums them per day, page and keyword', async () => {
    const log = sqliteCallLog(path.join(folder, 'a.sqlite'))
    await log.record(tap({ keyword: 'Wasp Removal' }))
    await log.record(tap({ keyword: 'Wasp Removal' }))
    await log.record(tap({ page: '/', at: '2026-11-22T08:00:00.000Z' }))
    expect(await log.summary()).toEqual([
      { day: '2026-11-23', page: '/ants', keyword: 'Wasp Removal', taps: 2 },
      { day: '2026-11-22', page: '/', keyword: '', taps: 1 },
    ])
  })

  it('upgrades a file written before taps carried the tracking number', async () => {
    const file = path.join(folder, 'old.sqlite')
    const old = new DatabaseSync(file)
    old.exec(`CREATE TABLE call_clicks (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, keyword TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '', variant TEXT NOT NULL DEFAULT '', experiment TEXT NOT NULL DEFAULT '', arm TEXT NOT NULL DEFAULT '', click_id INTEGER NOT NULL DEFAULT 0);
      INSERT INTO call_clicks (at, page, source) VALUES ('2026-11-23T09:00:00.000Z', '/ants', 'header');`)
    old.close()
    const log = sqliteCallLog(file)
    await log.record(tap({ number: '+12125550101' }))
    expect(await log.summary({ by: ['number'] })).toEqual([
      { day: '2026-11-23', number: '', taps: 1 },
      { day: '2026-11-23', number: '+12125550101', taps: 1 },
    ])
  })

  it('keeps only the newest rows: a flood cannot grow the file without bound', async () => {
    const file = path.join(folder, 'b.sqlite')
    const log = sqliteCallLog(file, 500)
    for (let i = 0; i < 5000; i++) await log.record(tap({ keyword: `k${i}` }))
    const rows = await log.summary()
    expect(rows.reduce((sum, row) => sum + row.taps, 0)).toBeLessThanOrEqual(600)
    expect(rows.some((row) => row.keyword === 'k4999')).toBe(true)
    expect(statSync(file).size).toBeLessThan(2 * 1024 * 1024)
    // 5,000 writes to disk: 11 s on the shared 2-core machine under load, past vitest's 5 s default.
  }, 60_000)
})

describe('the Supabase call log', () => {
  let rest: PostgrestStandIn
  beforeAll(async () => {
    rest = await startPostgrest({})
  })
  afterAll(() => rest.close())

  it('inserts one row per tap into call_clicks through PostgREST, with the anon key', async () => {
    const log = supabaseCallLog({ url: rest.url, anonKey: 'anon-key' })
    await log.record(tap({ keyword: 'Ant Control', clickId: true }))
    expect(rest.inserted).toEqual([
      { at: '2026-11-23T12:00:00.000Z', page: '/ants', source: 'hero-button', keyword: 'Ant Control', location: '', variant: '', experiment: '', arm: '', number: '', click_id: true },
    ])
    const insert = rest.requests.at(-1)!
    expect(insert.path).toMatch(/^\/rest\/v1\/call_clicks/)
    expect(insert.headers.apikey).toBe('anon-key')
  })

  it('fails fast when Supabase does not answer', async () => {
    rest.mode = 'hang'
    const log = supabaseCallLog({ url: rest.url, anonKey: 'anon-key' }, 200)
    await expect(log.record(tap())).rejects.toThrow(/call_clicks insert failed/)
    rest.mode = 'ok'
  })
})
