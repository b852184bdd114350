import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '../../../tests/support/postgres'
import { refusedPort } from '../../../tests/support/postgrest'
import { callLog } from '../taps/store'
import type { CallTap } from '../taps/tap'
import { experimentVisitors, type ServedVersion } from '../taps/experimentVisitors'
import { readCallsReport } from '../campaigns/readReport'
import { openStore, type Store, type StoreTarget } from './index'
import { checkSchemaAtStart, MIGRATE_COMMAND, migrateToLatest, pendingMigrations } from './migrate'
import { migrations } from './migrations/index'
import { storeReplayClaim } from './replayKeys'

/** The same behaviour from both stores: a SQLite file, and a real PostgreSQL cluster of the test's own. */
const folder = mkdtempSync(path.join(tmpdir(), 'store-'))
let postgres: Postgres
let databases = 0

beforeAll(async () => {
  postgres = await startPostgres(await refusedPort())
}, 60_000)
afterAll(() => {
  postgres?.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const stores: { name: string; open: () => Promise<Store> }[] = [
  { name: 'SQLite', open: () => openStore({ sqlite: path.join(folder, `s${++databases}.sqlite`) }) },
  {
    name: 'PostgreSQL',
    open: async () => {
      const store = await openStore({ postgres: await postgres.database(`d${++databases}`) })
      await migrateToLatest(store.db)
      return store
    },
  },
]

function tap(overrides: Partial<CallTap> = {}): CallTap {
  return { at: '2026-11-23T12:00:00.000Z', page: '/ants', source: 'hero-button', keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false, ...overrides }
}
const served = (arm: string, visitor: string): ServedVersion => ({ experiment: { name: 'headline-test', arms: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] }, arm, visitor })

describe.each(stores)('the store of record on $name', ({ open }) => {
  let store: Store
  beforeAll(async () => {
    store = await open()
  }, 30_000)
  afterAll(() => store?.close())

  it('records taps and sums them per day and dimension, newest day first, from a day on', async () => {
    const log = callLog(store)
    await log.record(tap({ keyword: 'Wasp Removal', experiment: 'headline-test', arm: 'B', number: '+12125550101' }))
    await log.record(tap({ keyword: 'Wasp Removal', experiment: 'headline-test', arm: 'B', number: '+12125550101' }))
    await log.record(tap({ page: '/', at: '2026-11-22T08:00:00.000Z' }))
    expect(await log.summary()).toEqual([
      { day: '2026-11-23', page: '/ants', keyword: 'Wasp Removal', taps: 2 },
      { day: '2026-11-22', page: '/', keyword: '', taps: 1 },
    ])
    expect(await log.summary({ by: ['arm', 'number'], sinceDay: '2026-11-23' })).toEqual([{ day: '2026-11-23', arm: 'B', number: '+12125550101', taps: 2 }])
  })

  it('stores a tap written twice with its key once', async () => {
    const log = callLog(store)
    await log.record(tap({ page: '/twice' }), 'key-1')
    await log.record(tap({ page: '/twice' }), 'key-1')
    expect((await log.summary({ by: ['page'] })).find((row) => row.page === '/twice')?.taps).toBe(1)
  })

  it('counts a visitor once per test, an id seen under two versions for neither, and taps and bots apart', async () => {
    const counter = experimentVisitors(store)
    const day = new Date('2026-11-23T10:00:00Z')
    for (let view = 0; view < 4; view++) await counter.seen(served('A', 'visitor-one-aaaaaaaaaaa'), day)
    await counter.seen(served('B', 'visitor-two-bbbbbbbbbbb'), day)
    for (let i = 0; i < 5; i++) await counter.tapped(served('B', 'visitor-two-bbbbbbbbbbb'), new Date('2026-11-24T10:00:00Z'))
    // An id that shows up under the other version is no one's visitor from then on.
    await counter.tapped(served('B', 'visitor-one-aaaaaaaaaaa'), day)
    for (let i = 0; i < 7; i++) await counter.botExcluded('headline-test', day)
    const { arms, weights, bots } = await counter.counts()
    expect(arms).toEqual([
      { experiment: 'headline-test', arm: 'B', visitors: 1, converters: 1, taps: 5, firstDay: '2026-11-23', lastDay: '2026-11-24' },
    ])
    expect(Object.fromEntries(weights.get('headline-test')!)).toEqual({ A: 50, B: 50 })
    expect(bots.get('headline-test')).toBe(7)
    const stored = await store.db.selectFrom('experiment_visitors').select('visitor').execute()
    expect(stored.map((row) => row.visitor).join()).not.toContain('visitor-')
  })

  it('builds the Calls report from it', async () => {
    const report = await readCallsReport(store, new Date('2026-11-24T12:00:00Z'))
    expect(report.experiments.map((test) => test.arms.map((arm) => [arm.arm, arm.visitors, arm.converters]))).toEqual([[['A', 0, 0], ['B', 1, 1]]])
    expect(report.days.filter((row) => row.arm === 'B').reduce((sum, row) => sum + row.taps, 0)).toBe(2)
  })

  it('claims a webhook delivery once while it lives, and again once it expired', async () => {
    const claim = storeReplayClaim(store)
    expect(await claim('signed:abc', 60_000)).toBe(true)
    expect(await claim('signed:abc', 60_000)).toBe(false)
    expect(await claim('signed:old', -1)).toBe(true)
    expect(await claim('signed:old', 60_000)).toBe(true)
  })

  it('keeps only the newest rows: a flood cannot grow the table without bound', async () => {
    const log = callLog(store, 50)
    for (let i = 0; i < 450; i++) await log.record(tap({ page: '/flood', keyword: `k${i}` }))
    const rows = (await log.summary()).filter((row) => row.page === '/flood')
    expect(rows.reduce((sum, row) => sum + row.taps, 0)).toBeLessThanOrEqual(150)
    expect(rows.some((row) => row.keyword === 'k449')).toBe(true)
  }, 60_000)
})

describe('migrations', () => {
  it('applies each migration once, however often and from however many runs at once (PostgreSQL)', async () => {
    const url = await postgres.database('concurrent')
    const runs = await Promise.all([0, 1, 2].map(async () => {
      const store = await openStore({ postgres: url, poolMax: 1 })
      try {
        return await migrateToLatest(store.db)
      } finally {
        await store.close()
      }
    }))
    expect(runs.flat().sort()).toEqual(Object.keys(migrations).sort())
    const store = await openStore({ postgres: url })
    expect(await migrateToLatest(store.db)).toEqual([])
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations))
    await store.close()
  }, 60_000)

  it('sends only unnamed statements, which a transaction pooler (Supavisor, PgBouncer) accepts', async () => {
    const store = await openStore({ postgres: await postgres.database('pooler'), poolMax: 1 })
    await migrateToLatest(store.db)
    await callLog(store).record(tap())
    await callLog(store).summary({ by: ['page', 'arm'] })
    await experimentVisitors(store).seen(served('A', 'visitor-one-aaaaaaaaaaa'))
    // One connection: the session that ran the queries above. A named (prepared) statement would be listed.
    const prepared = await sql<{ count: string }>`SELECT COUNT(*) AS count FROM pg_prepared_statements`.execute(store.db)
    expect(Number(prepared.rows[0]!.count)).toBe(0)
    await store.close()
  }, 30_000)

  it('a server whose schema is behind refuses to start and names the command', async () => {
    const store = await openStore({ postgres: await postgres.database('behind') })
    expect(await pendingMigrations(store.db)).toEqual(Object.keys(migrations))
    await expect(checkSchemaAtStart(store.db)).rejects.toThrow(MIGRATE_COMMAND)
    await migrateToLatest(store.db)
    await expect(checkSchemaAtStart(store.db)).resolves.toBeUndefined()
    await store.close()
  }, 30_000)

  it('an unreachable database is reported at start, not fatal (numbers wait in the outbox)', async () => {
    const target: StoreTarget = { postgres: `postgresql://app@127.0.0.1:${await refusedPort()}/postgres` }
    const store = await openStore(target)
    const warnings: string[] = []
    await checkSchemaAtStart(store.db, (message) => warnings.push(message))
    expect(warnings.join()).toMatch(/could not check the database schema/)
    await store.close()
  })

  it('takes over a SQLite call log written before migrations, keeping its taps', async () => {
    const { DatabaseSync } = await import('node:sqlite')
    const file = path.join(folder, 'old.sqlite')
    const old = new DatabaseSync(file)
    old.exec(`CREATE TABLE call_clicks (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, keyword TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '', variant TEXT NOT NULL DEFAULT '', experiment TEXT NOT NULL DEFAULT '', arm TEXT NOT NULL DEFAULT '', click_id INTEGER NOT NULL DEFAULT 0);
      INSERT INTO call_clicks (at, page, source) VALUES ('2026-11-23T09:00:00.000Z', '/ants', 'header');`)
    old.close()
    const store = await openStore({ sqlite: file })
    const log = callLog(store)
    await log.record(tap({ number: '+12125550101' }))
    expect(await log.summary({ by: ['number'] })).toEqual([
      { day: '2026-11-23', number: '', taps: 1 },
      { day: '2026-11-23', number: '+12125550101', taps: 1 },
    ])
    await store.close()
  })
})

describe('a SQLite file opened by several at once', () => {
  it('is migrated once, whether the others are in this process or in another', async () => {
    const file = path.join(folder, 'shared.sqlite')
    const { execFile } = await import('node:child_process')
    const child = new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', `const { openStore } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'index.ts'))}); const s = await openStore({ sqlite: ${JSON.stringify(file)} }); await s.close(); console.log('ok')`], (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
    )
    const opened = await Promise.all([0, 1, 2].map(() => openStore({ sqlite: file })))
    expect(await child).toBe('ok')
    for (const store of opened) {
      expect(await pendingMigrations(store.db)).toEqual([])
      await store.close()
    }
  }, 30_000)
})
