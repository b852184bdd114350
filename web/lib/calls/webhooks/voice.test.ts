import { describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import { twilioSignature } from './signature'
import { callsSince, forgetCallers, leaseNumber, extendLease, poolDays, poolVisitsByArm, type VisitFacts } from '../store/store'
import type { Database } from '../../db/schema.ts'
import { buildVoiceReport } from '../report'
import { buildCallsReport } from '../../campaigns/report'
import { experimentVisitors, visitorKey } from '../../taps/experimentVisitors'
import { dialActionParams, incomingParams, newSid } from '../../../../scripts/calls/twilioStandIn.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from './voice'
import { voiceRecorder } from '../store/voiceQueue'

const TOKEN = 'test-auth-token'
const SITE = 'https://leads.example.com'
const POOL = ['+13125550161', '+13125550162']
const BUSINESS = '+13125550150'
const CALLER = '+14155550123'
const settings: VoiceSettings = voiceSettings(
  { enabled: true, businessLine: BUSINESS, pool: POOL, missedMessage: 'Sorry we missed you.', missedCall: 'voicemail' },
  { phone: '+18885550142', trackingNumbers: [{ match: 'campaign', value: 'Spring', phone: '+13125550170' }] },
)
const visit: VisitFacts = { page: '/ants', keyword: 'Ant Control', location: 'Dallas, TX', experiment: 'hero-test', version: 'b', campaign: 'spring', clickKind: 'gclid', clickId: 'Test-Click_1' }

async function setup(now: { t: number }, open?: () => Promise<Kysely<Database>>) {
  const db = await openVoiceDb(':memory:')
  const recorder = voiceRecorder(open ?? (async () => db))
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => now.t }
  return { db, recorder, deps }
}

function signed(path: string, params: [string, string][], signature?: string | null) {
  return { pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: signature === undefined ? twilioSignature(TOKEN, SITE + path, params) : signature }
}

async function call(deps: VoiceDeps, to: string, talkSeconds: number, { from = CALLER, dialStatus = 'completed', callSid = newSid('CA') } = {}) {
  const base = { to, from, callSid, accountSid: 'AC' + '0'.repeat(32) }
  const incoming = await handleIncoming(signed('/api/voice/incoming', incomingParams(base)), deps)
  const status = await handleStatus(signed('/api/voice/status', dialActionParams({ ...base, talkSeconds, dialStatus })), deps)
  await deps.recorder.idle()
  return { callSid, incoming, status }
}

describe('voice webhooks', () => {
  it('stores an impossible talk time (a billion seconds, negative, not a number) as unknown and never qualifies it', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const forged = await call(deps, '+13125550170', 1e9)
    const negative = await call(deps, '+13125550170', -5, { from: '+14155550999' })
    const longest = await call(deps, '+13125550170', 4 * 3600, { from: '+14155550998' })
    const byId = new Map((await callsSince(db, 0)).map((stored) => [stored.callSid, stored]))
    expect(byId.get(forged.callSid)).toMatchObject({ status: 'answered', talkSeconds: null, qualified: false })
    expect(byId.get(negative.callSid)).toMatchObject({ status: 'answered', talkSeconds: null, qualified: false })
    // Four hours is the longest believed, and it counts.
    expect(byId.get(longest.callSid)).toMatchObject({ talkSeconds: 4 * 3600, qualified: true })
  })

  it('forwards a call to the business line and records it once, however often Twilio retries', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const first = await call(deps, '+13125550170', 95)
    expect(first.incoming.status).toBe(200)
    expect(first.incoming.body).toContain(`<Dial action="/api/voice/status" method="POST"`)
    expect(first.incoming.body).toContain(`<Number>${BUSINESS}</Number>`)
    expect(first.status.body).toContain('<Hangup/>')
    // Twilio retries both requests (same endpoint, same CallSid): same answers, nothing stored twice.
    const again = await call(deps, '+13125550170', 95, { callSid: first.callSid })
    expect(again.incoming.body).toBe(first.incoming.body)
    const calls = await callsSince(db, 0)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ callSid: first.callSid, trackingNumber: '+13125550170', caller: CALLER, status: 'answered', talkSeconds: 95, qualified: true, campaign: 'spring', page: '' })
  })

  it('refuses a missing, forged or re-signed-for-another-URL request with 403 and stores nothing', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const params = incomingParams({ to: POOL[0]!, from: CALLER, callSid: newSid('CA'), accountSid: 'AC1' })
    for (const request of [
      signed('/api/voice/incoming', params, null),
      signed('/api/voice/incoming', params, 'L/OH5YylLD5NRKLltdqwSvS0BnU='),
      { ...signed('/api/voice/incoming', params), signature: twilioSignature('another-token', SITE + '/api/voice/incoming', params) },
      { ...signed('/api/voice/incoming', params), signature: twilioSignature(TOKEN, 'http://127.0.0.1:3000/api/voice/incoming', params) },
    ]) {
      expect((await handleIncoming(request, deps)).status).toBe(403)
      expect((await handleStatus({ ...request, pathAndQuery: '/api/voice/status' }, deps)).status).toBe(403)
    }
    await deps.recorder.idle()
    expect(await callsSince(db, 0)).toEqual([])
    expect(await db.selectFrom('voice_webhooks').selectAll().execute()).toEqual([])
  })

  it('qualifies by talk time and first-time caller, and joins a pool call to the visit holding the number', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const lease = await leaseNumber(db, POOL, visit, now.t, settings.poolRestMs)
    expect(lease?.number).toBe(POOL[0])
    now.t += 60_000
    const long = await call(deps, lease!.number, 95)
    now.t += 60_000
    const short = await call(deps, lease!.number, 45, { from: '+14155550999' })
    now.t += 10 * 86_400_000
    const repeat = await call(deps, '+18885550142', 120)
    const byId = new Map((await callsSince(db, 0)).map((row) => [row.callSid, row]))
    expect(byId.get(long.callSid)).toMatchObject({ qualified: true, page: '/ants', version: 'b', experiment: 'hero-test', clickId: 'Test-Click_1', clickKind: 'gclid', keyword: 'Ant Control', leaseId: lease!.id })
    expect(byId.get(short.callSid)).toMatchObject({ status: 'answered', talkSeconds: 45, qualified: false, page: '/ants' })
    // The same caller within 30 days: answered and long, but not a new lead; the default number joins nothing.
    expect(byId.get(repeat.callSid)).toMatchObject({ qualified: false, firstTime: false, page: '', campaign: '', clickId: '' })
  })

  it('joins a call after the lease ended to no visit, and says what the caller hears when nobody answers', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const lease = await leaseNumber(db, POOL, visit, now.t, settings.poolRestMs)
    now.t = lease!.expiresAt + 1
    const late = await call(deps, lease!.number, 95)
    const missed = await call(deps, POOL[1]!, 0, { dialStatus: 'no-answer', from: '+14155550777' })
    expect(missed.status.body).toContain('<Say>Sorry we missed you.</Say><Record action="/api/voice/status?recorded=1"')
    const busy = await call(deps, POOL[1]!, 0, { dialStatus: 'busy', from: '+14155550778' })
    const byId = new Map((await callsSince(db, 0)).map((row) => [row.callSid, row]))
    expect(byId.get(late.callSid)).toMatchObject({ qualified: true, page: '', clickId: '', leaseId: null })
    expect(byId.get(missed.callSid)).toMatchObject({ status: 'missed', qualified: false, caller: '+14155550777' })
    expect(byId.get(busy.callSid)).toMatchObject({ status: 'busy' })
  })

  it('answers TwiML while the store hangs, and writes the record once it answers', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const db = await openVoiceDb(':memory:')
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { deps } = await setup(now, async () => {
      await gate
      return db
    })
    const base = { to: POOL[0]!, from: CALLER, callSid: newSid('CA'), accountSid: 'AC1' }
    const answer = await handleIncoming(signed('/api/voice/incoming', incomingParams(base)), deps)
    expect(answer.body).toContain(`<Number>${BUSINESS}</Number>`)
    expect(deps.recorder.pending()).toBeGreaterThan(0)
    release()
    await deps.recorder.idle()
    expect(await callsSince(db, 0)).toHaveLength(1)
  })
})

describe('callers’ numbers', () => {
  it('are forgotten after the retention days, while the keyed hash still tells a repeat caller', async () => {
    const now = { t: Date.UTC(2026, 10, 1, 15) }
    const { db, deps } = await setup(now)
    const first = await call(deps, POOL[1]!, 95)
    now.t += 31 * 86_400_000
    expect(await forgetCallers(db, now.t - 30 * 86_400_000)).toBe(1)
    now.t -= 2 * 86_400_000
    const again = await call(deps, POOL[1]!, 95)
    const byId = new Map((await callsSince(db, 0)).map((row) => [row.callSid, row]))
    expect(byId.get(first.callSid)?.caller).toBeNull()
    expect(byId.get(again.callSid)).toMatchObject({ caller: CALLER, qualified: false, firstTime: false })
  })
})

describe('the write queue', () => {
  it('tries a write again when the store fails, and records it once', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const db = await openVoiceDb(':memory:')
    let failures = 2
    const recorder = voiceRecorder(async () => {
      if (failures-- > 0) throw new Error('database is locked')
      return db
    }, { retryMs: 1 })
    const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => now.t }
    const { callSid } = await call(deps, POOL[0]!, 95)
    expect((await callsSince(db, 0)).map((row) => [row.callSid, row.status])).toEqual([[callSid, 'answered']])
  })
})

describe('number pool', () => {
  it('lends the least recently used rested number, extends it, and counts a full pool', async () => {
    const db = await openVoiceDb(':memory:')
    const t = Date.UTC(2026, 10, 25, 15)
    const rest = 15 * 60_000
    const a = await leaseNumber(db, POOL, visit, t, rest)
    const b = await leaseNumber(db, POOL, visit, t + 1, rest)
    expect([a?.number, b?.number]).toEqual(POOL)
    expect(await leaseNumber(db, POOL, visit, t + 2, rest)).toBeNull()
    const extended = await extendLease(db, a!.id, t + 20 * 60_000)
    expect(extended?.expiresAt).toBe(t + 50 * 60_000)
    // b ended at t+30min: free again only after resting 15 minutes.
    expect(await leaseNumber(db, POOL, visit, t + 31 * 60_000, rest)).toBeNull()
    expect((await leaseNumber(db, POOL, visit, t + 46 * 60_000, rest))?.number).toBe(POOL[1])
    expect(await extendLease(db, b!.id, t + 47 * 60_000)).toBeNull()
    expect(await poolDays(db, '2026-11-25')).toEqual([{ day: '2026-11-25', peak: 3, overflow: 2, refused: 0, unkept: 1 }])
  })
})

describe('judged by calls', () => {
  it('counts per version its enrolled visitors who called, never leases, and gives the verdict on the enrolled visitors', async () => {
    const now = { t: Date.UTC(2026, 10, 25, 15) }
    const { db, deps } = await setup(now)
    const test = { name: 'hero-test', arms: [{ key: 'a', weight: 50 }, { key: 'b', weight: 50 }] }
    const visitors = experimentVisitors({ db, dialect: 'sqlite', close: async () => {} })
    // Two visitors the server enrolled and whose pages confirmed their version (the beacon); one lease has no enrolled visitor.
    await visitors.seen({ experiment: test, arm: 'a', visitor: 'visitor-a' }, new Date(now.t))
    await visitors.seen({ experiment: test, arm: 'b', visitor: 'visitor-b' }, new Date(now.t))
    const a = await leaseNumber(db, POOL, { ...visit, version: 'a', visitor: visitorKey('visitor-a') }, now.t, 0)
    const b = await leaseNumber(db, POOL, { ...visit, version: 'b', visitor: visitorKey('visitor-b') }, now.t, 0)
    now.t += 60_000
    await call(deps, a!.number, 30, { from: '+14155550201' })
    await call(deps, b!.number, 95, { from: '+14155550202' })
    await call(deps, b!.number, 95, { from: '+14155550203' })
    // Once those leases ended, a visit no page enrolled takes a number and gets a qualified call: a lease, not a visitor.
    now.t += 31 * 60_000
    const stray = await leaseNumber(db, POOL, { ...visit, version: 'b', visitor: visitorKey('never-enrolled') }, now.t, 0)
    now.t += 60_000
    await call(deps, stray!.number, 95, { from: '+14155550204' })
    const pool = await poolVisitsByArm(db)
    expect(pool.sort((x, y) => x.version.localeCompare(y.version))).toEqual([
      { experiment: 'hero-test', version: 'a', visitors: 1, converters: 0 },
      { experiment: 'hero-test', version: 'b', visitors: 2, converters: 1 },
    ])
    const voice = buildVoiceReport(await callsSince(db, 0), [], pool)
    const report = buildCallsReport('2026-11-01', [], await visitors.counts(), voice)
    expect(report.experiments[0]!.arms.map(({ arm, visitors: enrolled, qualifiedCalls, poolVisitors, callConverters }) => ({ arm, enrolled, qualifiedCalls, poolVisitors, callConverters }))).toEqual([
      { arm: 'a', enrolled: 1, qualifiedCalls: 0, poolVisitors: 1, callConverters: 0 },
      { arm: 'b', enrolled: 1, qualifiedCalls: 3, poolVisitors: 2, callConverters: 1 },
    ])
    expect(report.experiments[0]!.callVerdict?.conclusive).toBe(false)
    expect(report.calls.map((entry) => entry.qualified).sort()).toEqual([false, true, true, true])
  })
})
