import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { startPostgres, type Postgres } from '../../../tests/support/postgres'
import { refusedPort } from '../../../tests/support/postgrest'
import { incomingParams, newSid } from '../../../scripts/calls/twilioStandIn.ts'
import { openPostgresVoiceDb, openVoiceDb } from '../calls/store/db'
import { voiceSettings } from '../calls/settings'
import { twilioSignature } from '../calls/webhooks/signature'
import { handleIncoming, type VoiceDeps } from '../calls/webhooks/voice'
import { voiceRecorder } from '../calls/store/voiceQueue'
import { storeRouting } from '../calls/routing/routing'
import type { Database } from '../db/schema.ts'
import { parseProviders } from './provider'
import { addAway, pausedProviders, pausedReader, pauseNow, pausesOf, resume } from './pauses'

/**
 * A provider's pauses in the store of record: "Pause new calls" on one instance makes the next routed call on
 * another instance (two site instances, two connection pools, one real PostgreSQL) skip it within 2 seconds.
 */
const TOKEN = 'test-auth-token'
const SITE = 'https://leads.example.com'
const A = { _id: 'provider-a', name: 'A Pest', phone: '+12145550101', active: true, states: ['TX'], priority: 1, maxConcurrent: 10 }
const B = { _id: 'provider-b', name: 'B Bugs', phone: '+15125550102', active: true, states: ['TX'], priority: 2, maxConcurrent: 10 }
const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool: [], routing: true, maxProviders: 1 }, { phone: '+18885550142', providers: parseProviders([A, B], 60), pests: [] })

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

/** One site instance's "A call comes in", on its own pool, routing through its own cached pause reader (a store budget a loaded machine cannot run out of). */
function instance(db: Kysely<Database>) {
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder: voiceRecorder(async () => db, { retryMs: 1 }), routing: storeRouting(async () => db), storeBudgetMs: 10_000 }
  return async (): Promise<string | null> => {
    const params: [string, string][] = [...incomingParams({ to: '+13125550161', from: '+14695550123', callSid: newSid('CA'), accountSid: newSid('AC') }), ['FromState', 'TX']]
    const answer = await handleIncoming({ pathAndQuery: '/api/voice/incoming', body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, `${SITE}/api/voice/incoming`, params) }, deps)
    return /<Number[^>]*>([^<]+)<\/Number>/.exec(answer.body)?.[1] ?? null
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a provider’s pauses', () => {
  it('"Pause new calls" on one instance makes the next call on another skip the provider within 2 s; "Resume calls" brings it back', async () => {
    const callOnTwo = instance(two)
    expect(await callOnTwo()).toBe(A.phone)
    await pauseNow(one, { providerId: A._id, by: 'a@a-pest.example', at: Date.now(), until: null })
    await wait(2_000)
    expect(await callOnTwo()).toBe(B.phone)
    await resume(one, { providerId: A._id, by: 'a@a-pest.example', at: Date.now() })
    await wait(2_000)
    expect(await callOnTwo()).toBe(A.phone)
  }, 30_000)

  it('ends a pause at its "until" time, and holds away dates only while they last', async () => {
    const now = Date.UTC(2026, 10, 20, 16)
    await pauseNow(one, { providerId: 'provider-c', by: 'c@c.example', at: now, until: now + 3_600_000 })
    expect(await pausedProviders(two, now + 60_000)).toContain('provider-c')
    expect(await pausedProviders(two, now + 3_600_000)).not.toContain('provider-c')
    await addAway(one, { providerId: 'provider-c', by: 'c@c.example', at: now, from: now + 86_400_000, to: now + 3 * 86_400_000 })
    expect(await pausedProviders(two, now + 2 * 86_400_000)).toContain('provider-c')
    expect((await pausesOf(two, 'provider-c', now + 60_000)).ahead).toHaveLength(1)
    await expect(addAway(one, { providerId: 'provider-c', by: 'c@c.example', at: now, from: now + 5 * 86_400_000, to: now + 4 * 86_400_000 })).rejects.toThrow(RangeError)
  })

  it('reads the store at most once a second per instance, and keeps the last answer when the store fails', async () => {
    const db = await openVoiceDb(':memory:')
    let clock = 0
    let opens = 0
    const reader = pausedReader(async () => {
      opens++
      if (opens === 3) throw new Error('store down')
      return db
    }, { clock: () => clock })
    await pauseNow(db, { providerId: 'p', by: 'x', at: 0, until: null })
    expect(await reader.get(1)).toEqual(new Set(['p']))
    await resume(db, { providerId: 'p', by: 'x', at: 2 })
    clock = 999
    expect(await reader.get(999)).toEqual(new Set(['p']))
    expect(opens).toBe(1)
    clock = 1_000
    expect(await reader.get(1_000)).toEqual(new Set())
    clock = 2_000
    expect(await reader.get(2_000)).toEqual(new Set())
    expect(opens).toBe(3)
    await db.destroy()
  })
})
