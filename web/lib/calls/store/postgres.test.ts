import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { startPostgres, type Postgres } from '../../../../tests/support/postgres'
import { refusedPort } from '../../../../tests/support/postgrest'
import { openPostgresVoiceDb } from './db'
import { callsSince, leaseNumber, recordIncoming, recordOutcome } from './store'
import type { Database } from '../../db/schema.ts'
import { capPeriod, takeProvider } from '../../providers/caps'
import { recordLeg, type CallLeg } from './legRecords'
import { markOutcome } from '../outcomes/records'

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

  it('never lets two instances exceed a provider’s daily cap of 1, gives back a call that was not payable, and follows a verdict', async () => {
    const t = Date.UTC(2026, 10, 26, 16)
    const provider = { id: 'pg-capped', dailyCap: 1, monthlyCap: null, maxConcurrent: 10 }
    const period = capPeriod(t, 'America/Chicago')
    const sid = (i: number) => `CA${String(i).padStart(32, '0')}`
    const take = (i: number, at: number) => ({ callSid: sid(i), seq: 0, expiresAt: at + 80_000 })
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => takeProvider(i % 2 ? one : two, provider, period, t + i, take(i, t + i))))
    expect(tries.filter(Boolean)).toHaveLength(1)
    const winner = tries.findIndex(Boolean)
    const leg = (i: number, outcome: string, talkSeconds: number, at: number): CallLeg => ({ callSid: sid(i), seq: 0, providerId: provider.id, providerName: 'PG', outcome, talkSeconds, ringSeconds: 5, billableSeconds: 60, payoutCents: 4000, place: '', pest: '', at, callerKey: `caller-${i}`, duplicateDays: 30 })
    // Not answered: given back, not counted.
    await recordLeg(one, leg(winner, 'no-answer', 0, t))
    const again = await Promise.all([takeProvider(one, provider, period, t + 100, take(100, t + 100)), takeProvider(two, provider, period, t + 100, take(101, t + 100))])
    expect(again.filter(Boolean)).toHaveLength(1)
    const payable = again[0] ? 100 : 101
    await recordIncoming(two, { callSid: sid(payable), to: POOL[0]!, from: '+14155550199', callerKey: `caller-${payable}`, at: t + 100 }, { pool: [], campaignNumbers: new Map() })
    await recordLeg(two, leg(payable, 'answered', 95, t + 100))
    expect(await takeProvider(one, provider, period, t + 200, take(200, t + 200))).toBe(false)
    // Judged spam after all: the day's place is given back at once.
    await markOutcome(one, { callSid: sid(payable), outcome: 'spam', by: 'test', at: t + 300 })
    expect(await takeProvider(two, provider, period, t + 400, take(400, t + 400))).toBe(true)
    // The next day in the site's time zone starts a new count.
    const tomorrow = t + 86_400_000
    expect(await takeProvider(two, provider, capPeriod(tomorrow, 'America/Chicago'), tomorrow, take(500, tomorrow))).toBe(true)
  })
})
