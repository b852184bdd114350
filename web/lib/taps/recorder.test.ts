import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '../../../tests/support/postgres'
import { refusedPort } from '../../../tests/support/postgrest'
import { experimentVisitors, type ServedVersion } from './experimentVisitors'
import { openStore, type Store } from '../db/index'
import { migrateToLatest } from '../db/migrate'
import { sqliteOutbox } from '../db/outbox'
import { recorder, type RecordJob } from './recorder'
import { callLog } from './store'
import type { CallTap } from './tap'

/** Nothing acknowledged is lost: a real PostgreSQL is stopped while taps and beacons keep coming. */
const folder = mkdtempSync(path.join(tmpdir(), 'recorder-'))
let postgres: Postgres
let store: Store

beforeAll(async () => {
  postgres = await startPostgres(await refusedPort())
  store = await openStore({ postgres: await postgres.database('numbers'), poolMax: 2 })
  await migrateToLatest(store.db)
}, 60_000)
afterAll(async () => {
  await store?.close()
  postgres?.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const tap = (page: string): CallTap => ({ at: new Date().toISOString(), page, source: 'hero-button', keyword: '', location: '', variant: '', experiment: 'test', arm: 'A', number: '', clickId: false })
const served = (visitor: string): ServedVersion => ({ experiment: { name: 'test', arms: [{ key: 'A', weight: 1 }, { key: 'B', weight: 1 }] }, arm: 'A', visitor })
const stored = async (page: string) => (await callLog(store).summary({ by: ['page'] })).find((row) => row.page === page)?.taps ?? 0

describe('the recorder', () => {
  it('writes straight to the store while it answers', async () => {
    const numbers = recorder({ log: callLog(store), visitors: experimentVisitors(store), outbox: sqliteOutbox<RecordJob>(path.join(folder, 'a.sqlite')) })
    for (let i = 0; i < 10; i++) expect(await numbers.tap(tap('/direct'))).toBe(true)
    expect(await stored('/direct')).toBe(10)
    expect(numbers.stats()).toEqual({ queued: 0, refused: 0, replayed: 0 })
    numbers.close()
  })

  it('keeps what it accepts while PostgreSQL is down, across a restart of its own, and writes it once when it is back', async () => {
    const warnings: string[] = []
    const outbox = path.join(folder, 'b.sqlite')
    const first = recorder({ log: callLog(store), visitors: experimentVisitors(store), outbox: sqliteOutbox<RecordJob>(outbox), retryMs: 50, warn: (line) => warnings.push(line) })
    postgres.stop()
    try {
      for (let i = 0; i < 100; i++) expect(await first.tap(tap('/outage'), served(`visitor-${i}`))).toBe(true)
      for (let i = 0; i < 20; i++) expect(await first.seen(served(`seen-${i}`))).toBe(true)
      expect(await first.botExcluded('test')).toBe(true)
      expect(first.stats()).toMatchObject({ queued: 121, refused: 0 })
      // The process ends before the database is back: the outbox is on disk.
      first.close()
    } finally {
      postgres.start()
    }
    expect(warnings.some((line) => line.includes('store unreachable'))).toBe(true)
    const second = recorder({ log: callLog(store), visitors: experimentVisitors(store), outbox: sqliteOutbox<RecordJob>(outbox), retryMs: 50 })
    // The first attempt may meet a connection the restart cut; the recorder tries again every retryMs.
    for (let attempt = 0; attempt < 100 && second.stats().queued > 0; attempt++) await second.drain().then(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(second.stats()).toMatchObject({ queued: 0, replayed: 121 })
    expect(await stored('/outage')).toBe(100)
    const counts = await experimentVisitors(store).counts()
    expect(counts.arms.find((row) => row.experiment === 'test')).toMatchObject({ visitors: 120, converters: 100, taps: 100 })
    expect(counts.bots.get('test')).toBe(1)
    second.close()
  }, 60_000)

  it('refuses, counts and logs once its outbox is full, and acknowledges nothing it did not keep', async () => {
    const warnings: string[] = []
    const numbers = recorder({ log: callLog(store), visitors: experimentVisitors(store), outbox: sqliteOutbox<RecordJob>(path.join(folder, 'c.sqlite'), 5), retryMs: 60_000, warn: (line) => warnings.push(line) })
    postgres.stop()
    try {
      const taken = []
      for (let i = 0; i < 8; i++) taken.push(await numbers.tap(tap('/full')))
      expect(taken).toEqual([true, true, true, true, true, false, false, false])
      expect(numbers.stats()).toMatchObject({ queued: 5, refused: 3 })
      expect(warnings.some((line) => line.includes('outbox full'))).toBe(true)
    } finally {
      postgres.start()
    }
    for (let attempt = 0; attempt < 100 && numbers.stats().queued > 0; attempt++) await numbers.drain().then(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(await stored('/full')).toBe(5)
    numbers.close()
  }, 60_000)
})
