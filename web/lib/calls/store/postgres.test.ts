import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { startPostgres, type Postgres } from '../../../../tests/support/postgres'
import { refusedPort } from '../../../../tests/support/postgrest'
import { openPostgresVoiceDb } from './db'
import { callsSince, leaseNumber, recordIncoming, recordOutcome } from './store'
import type { Database } from '../../db/schema.ts'
import { capPeriod, giveBackProvider, takeProvider } from '../../providers/caps'

/** The call store on a real PostgreSQL, shared by two site instances (two connection pools): the same SQL as on SQLite. */
const POOL = ['+13125550161', '+13125550162']
let server: Postgres
let one: Kysely<Database>
let two: Kysely<Database>

beforeAll(async () => {
  server = await startPostgres(await refusedPort())
  ;[one, two] = [await openPostgresVoiceDb(server.url), await openPostgresVoiceDb(server.url)]
}, 60_000)

afterAll(async () => {
  await Promise.all([one?.destroy(), two?.destroy()])
  server?.destroy()
})

describe('the call store on PostgreSQL', () => {
  it('joins a call recorded by one instance to a lease taken on another, and stores a retried webhook once', async () => {
    const t = Date.UTC(2026, 10, 25, 15)
    const visit = { page: '/ants', keyword: '', location: '', experiment: 'hero', version: 'b', campaign: 'spring', clickKind: 'gclid' as const, clickId: 'PG-Click' }
    const lease = await leaseNumber(one, POOL, visit, t, 0)
    // Both instances race for the second number: only one gets it.
    const [x, y] = await Promise.all([leaseNumber(one, POOL, visit, t + 1, 0), leaseNumber(two, POOL, visit, t + 1, 0)])
    expect([x?.number, y?.number].filter(Boolean)).toEqual([POOL[1]])
    const rules = { pool: POOL, campaignNumbers: new Map<string, string>(), minTalkSeconds: 60, firstCallerDays: 30 }
    const call = { callSid: `CA${'a'.repeat(32)}`, to: lease!.number, from: '+14155550123', callerKey: 'k1', at: t + 60_000 }
    expect(await recordIncoming(two, call, rules)).toBe(true)
    expect(await recordIncoming(one, call, rules)).toBe(false)
    const outcome = { ...call, dialStatus: 'completed', talkSeconds: 95, at: t + 160_000 }
    expect(await recordOutcome(one, outcome, rules)).toBe(true)
    expect(await recordOutcome(two, outcome, rules)).toBe(false)
    const calls = await callsSince(two, 0)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ page: '/ants', version: 'b', clickId: 'PG-Click', qualified: true, talkSeconds: 95, startedAt: t + 60_000, landedAt: t })
  })

  it('never lets two instances exceed a provider’s daily cap of 1, and gives back a call that was not payable', async () => {
    const t = Date.UTC(2026, 10, 26, 16)
    const provider = { id: 'pg-capped', dailyCap: 1, monthlyCap: null, maxConcurrent: 10 }
    const period = capPeriod(t, 'America/Chicago')
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => takeProvider(i % 2 ? one : two, provider, period, t + i)))
    expect(tries.filter(Boolean)).toHaveLength(1)
    await giveBackProvider(one, provider.id, period, false)
    const again = await Promise.all([takeProvider(one, provider, period, t + 100), takeProvider(two, provider, period, t + 100)])
    expect(again.filter(Boolean)).toHaveLength(1)
    await giveBackProvider(two, provider.id, period, true)
    expect(await takeProvider(one, provider, period, t + 200)).toBe(false)
    // The next day in the site's time zone starts a new count.
    expect(await takeProvider(two, provider, capPeriod(t + 86_400_000, 'America/Chicago'), t + 86_400_000)).toBe(true)
  })
})
