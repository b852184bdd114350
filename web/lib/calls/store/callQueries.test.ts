import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { openVoiceDb } from './db'
import { qualifiedCallsByVersion } from './store'

/** Qualified calls per A/B version over the test's whole life: what an ended test keeps in the Calls tool. */
let db: Kysely<Database>
const DAY = 86_400_000
const NOW = Date.parse('2026-11-25T12:00:00.000Z')

async function call(sid: string, fields: { experiment?: string; version?: string; qualified?: number; outcome?: string; daysAgo: number }) {
  await db
    .insertInto('voice_calls')
    .values({
      call_sid: sid,
      tracking_number: '+13125550161',
      caller: '+14155550123',
      caller_key: `key-${sid}`,
      started_at: NOW - fields.daysAgo * DAY,
      status: 'answered',
      lease_id: null,
      landed_at: null,
      ended_at: null,
      experiment: fields.experiment ?? '',
      version: fields.version ?? '',
      qualified: fields.qualified ?? 0,
      outcome: fields.outcome ?? '',
    })
    .execute()
}

beforeAll(async () => {
  db = await openVoiceDb(':memory:')
  // A test that ended two months ago: its calls are older than the report's 30 days.
  await call('CA1', { experiment: 'spring-offer', version: 'b', qualified: 1, daysAgo: 60 })
  await call('CA2', { experiment: 'spring-offer', version: 'b', qualified: 1, daysAgo: 75 })
  await call('CA3', { experiment: 'spring-offer', version: 'a', qualified: 1, daysAgo: 70 })
  // An editor's outcome decides: spam is no qualified call, a lead is one however short the call was.
  await call('CA4', { experiment: 'spring-offer', version: 'a', qualified: 1, outcome: 'spam', daysAgo: 65 })
  await call('CA5', { experiment: 'spring-offer', version: 'a', qualified: 0, outcome: 'lead', daysAgo: 64 })
  await call('CA6', { experiment: 'spring-offer', version: 'b', qualified: 0, daysAgo: 61 })
  // A running test, and a call outside any test.
  await call('CA7', { experiment: 'home-headline', version: 'B', qualified: 1, daysAgo: 1 })
  await call('CA8', { qualified: 1, daysAgo: 2 })
})
afterAll(() => db?.destroy())

describe('qualifiedCallsByVersion', () => {
  it('counts every qualified call of each version, however old, as the outcome rules count them', async () => {
    const rows = await qualifiedCallsByVersion(db)
    expect(rows.sort((x, y) => `${x.experiment}${x.version}`.localeCompare(`${y.experiment}${y.version}`))).toEqual([
      { experiment: 'home-headline', version: 'B', calls: 1 },
      { experiment: 'spring-offer', version: 'a', calls: 2 },
      { experiment: 'spring-offer', version: 'b', calls: 2 },
    ])
  })
})
