import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '../../../../tests/support/postgres'
import { refusedPort } from '../../../../tests/support/postgrest'
import { dialActionParams, incomingParams, newSid } from '../../../../scripts/calls/twilioStandIn.ts'
import { openStore, type Store } from '../../db/index'
import { migrateToLatest } from '../../db/migrate'
import { sqliteOutbox } from '../../db/outbox'
import { voiceSettings } from '../settings'
import { twilioSignature } from '../webhooks/signature'
import { callsSince } from './store'
import type { VoiceJob } from './voiceJobs'
import { voiceRecorder, type VoiceRecorder } from './voiceQueue'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'

/**
 * No acknowledged call is lost: a real PostgreSQL killed for 20 s, then made read-only, while signed calls
 * keep coming. Every call Twilio got TwiML for is stored once, answered, with its talk time.
 */
const TOKEN = 'outage-token'
const SITE = 'https://leads.example.com'
const TRACKED = '+13125550170'
const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool: [] }, { phone: '+18885550142', trackingNumbers: [{ match: 'campaign', value: 'Spring', phone: TRACKED }] })
const folder = mkdtempSync(path.join(tmpdir(), 'voice-outage-'))
let postgres: Postgres
let store: Store

beforeAll(async () => {
  postgres = await startPostgres(await refusedPort())
  store = await openStore({ postgres: await postgres.database('calls'), poolMax: 3 })
  await migrateToLatest(store.db)
}, 60_000)
afterAll(async () => {
  await store?.close()
  postgres?.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function depsWith(recorder: VoiceRecorder): VoiceDeps {
  return { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder }
}

/** One call as Twilio plays it, signed; true when both answers forwarded and hung up as TwiML (acknowledged). */
async function play(deps: VoiceDeps, index: number): Promise<string | null> {
  const base = { to: TRACKED, from: `+1415555${String(index).padStart(4, '0')}`, callSid: newSid('CA'), accountSid: `AC${'0'.repeat(32)}` }
  const signed = (route: string, params: [string, string][]) => ({ pathAndQuery: route, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + route, params) })
  const incoming = await handleIncoming(signed('/api/voice/incoming', incomingParams(base)), deps)
  const status = await handleStatus(signed('/api/voice/status', dialActionParams({ ...base, talkSeconds: 90, dialStatus: 'completed' })), deps)
  return incoming.status === 200 && incoming.body.includes('<Dial') && status.status === 200 ? base.callSid : null
}

async function settle(recorder: VoiceRecorder) {
  for (let attempt = 0; attempt < 400 && (recorder.pending() > 0 || recorder.parked() > 0); attempt++) {
    await recorder.idle()
    await recorder.drainOutbox()
    await pause(50)
  }
}

async function expectStoredOnce(sids: readonly string[]) {
  const stored = (await callsSince(store.db, 0, 100_000)).filter((call) => sids.includes(call.callSid))
  expect(stored).toHaveLength(sids.length)
  expect(stored.filter((call) => call.status !== 'answered' || call.talkSeconds !== 90)).toEqual([])
  expect(new Set(stored.map((call) => call.callSid)).size).toBe(sids.length)
}

describe('voice records while the store fails', () => {
  it('stores every one of 350 acknowledged calls once when PostgreSQL is killed for 20 s among them, including after a restart of the site', async () => {
    const file = path.join(folder, 'killed.sqlite')
    const warnings: string[] = []
    const first = voiceRecorder(async () => store.db, { outbox: sqliteOutbox<VoiceJob>(file), retryMs: 100, writeTimeoutMs: 1_000, warn: (line) => warnings.push(line) })
    const deps = depsWith(first)
    const acknowledged: string[] = []
    let restart: Promise<void> | undefined
    for (let index = 0; index < 350; index++) {
      if (index === 40) postgres.stop()
      // Twenty seconds later (about 300 calls at one every 66 ms) it is back.
      if (index === 340) restart = Promise.resolve(postgres.start())
      const sid = await play(deps, index)
      if (sid) acknowledged.push(sid)
      await pause(66)
    }
    await restart
    expect(acknowledged).toHaveLength(350)
    expect(warnings.some((line) => line.includes('kept locally'))).toBe(true)
    await first.idle()
    // The site stops with records still in its outbox; the next process writes them.
    first.close()
    const second = voiceRecorder(async () => store.db, { outbox: sqliteOutbox<VoiceJob>(file), retryMs: 100, warn: () => {} })
    await settle(second)
    expect(second.parked()).toBe(0)
    await expectStoredOnce(acknowledged)
    second.close()
  }, 120_000)

  it('stores every one of 74 acknowledged calls once across a read-only spell of the database', async () => {
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    const readOnly = async (on: boolean) => {
      await admin.query('SET default_transaction_read_only = off')
      await admin.query(on ? 'ALTER SYSTEM SET default_transaction_read_only = on' : 'ALTER SYSTEM RESET default_transaction_read_only')
      await admin.query('SELECT pg_reload_conf()')
    }
    const recorder = voiceRecorder(async () => store.db, { outbox: sqliteOutbox<VoiceJob>(path.join(folder, 'read-only.sqlite')), retryMs: 100, writeTimeoutMs: 1_000, warn: () => {} })
    const deps = depsWith(recorder)
    const acknowledged: string[] = []
    try {
      for (let index = 0; index < 74; index++) {
        if (index === 10) await readOnly(true)
        if (index === 64) await readOnly(false)
        const sid = await play(deps, 1000 + index)
        if (sid) acknowledged.push(sid)
        await pause(40)
      }
    } finally {
      await readOnly(false)
      await admin.end()
    }
    expect(acknowledged).toHaveLength(74)
    await settle(recorder)
    expect(recorder.parked()).toBe(0)
    await expectStoredOnce(acknowledged)
    recorder.close()
  }, 60_000)
})
