import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { openPostgresVoiceDb, openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import { callsSince } from '../store/store'
import type { Database } from '../../db/schema.ts'
import { dialAction, dialActionParams, incomingParams, newSid, statusCallbackParams, transcriptionParams } from '../../../../scripts/calls/twilioStandIn.ts'
import { messagesForTests, numberOf, signedWith, TEST_SITE, voiceDepsFor } from '../../../../tests/support/voiceHarness.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleTranscription } from '../webhooks/media'
import { voiceRecorder } from '../store/voiceQueue'
import { ROUTING_BUDGET_MS, storeRouting, type RoutingStore } from './routing'
import { legsSince } from '../store/legRecords'
import { readStatement } from '../store/statements'
import { leaseNumber } from '../store/store'
import { exportConversions, exportGoogleAdjustments } from '../exports/exportConversions'
import { markOutcome } from '../outcomes/records'
import { parseProviders, type ProviderFields } from '../../providers/provider'
import { startPostgres, type Postgres } from '../../../../tests/support/postgres'
import { refusedPort } from '../../../../tests/support/postgrest'

/**
 * What a provider pays for, played through Twilio's signed webhooks into the real handlers and store — on
 * SQLite and on PostgreSQL: a caller who hangs up while a provider rings, caps by verdict, the caller's words
 * only, the first call after a cold start, a store that answers late, the same caller twice, STIR/SHAKEN.
 */
const TOKEN = 'test-auth-token'
const ACCOUNT = 'AC' + 'cd'.repeat(16)
const BUSINESS = '+13125550150'
const TO = '+13125550170'
// Wednesday 2026-11-25 16:00 UTC: 10:00 in Austin.
const WED_10 = Date.UTC(2026, 10, 25, 16)
const LONE_STAR = '+15125550101'
const HILL_COUNTRY = '+15125550102'

const providers = (first: Partial<ProviderFields> = {}): ProviderFields[] => [
  { _id: 'lone-star', name: 'Lone Star', phone: LONE_STAR, active: true, states: ['TX'], maxConcurrent: 1, payout: 40, billableSeconds: 60, whisper: 'Lead for {pest} in {place}.', ...first },
  { _id: 'hill-country', name: 'Hill Country', phone: HILL_COUNTRY, active: true, states: ['TX'], priority: 2, payout: 30, maxConcurrent: 5 },
]

function settingsWith(fields: Record<string, unknown> = {}, first: Partial<ProviderFields> = {}): VoiceSettings {
  const base = { enabled: true, businessLine: BUSINESS, routing: true, maxProviders: 2, timeZone: 'America/Chicago', missedMessage: 'Sorry we missed you.', textBack: { enabled: true, body: 'Sorry we missed your call. Reply STOP to opt out.', onceEveryHours: 24 }, ...fields }
  return voiceSettings(base, { phone: '+18885550142', providers: parseProviders(providers(first), 60), pests: [] })
}

const messages = messagesForTests(ACCOUNT, TOKEN)
let postgres: Postgres
let databases = 0
beforeAll(async () => {
  postgres = await startPostgres(await refusedPort())
}, 60_000)
const opened: Kysely<Database>[] = []
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()))
  postgres?.destroy()
})

const kept = (db: Kysely<Database>) => (opened.push(db), db)
const stores: [string, () => Promise<Kysely<Database>>][] = [
  ['SQLite', async () => kept(await openVoiceDb(':memory:'))],
  ['PostgreSQL', async () => kept(await openPostgresVoiceDb(await postgres.database(`billing_${++databases}`)))],
]

const signed = signedWith(TOKEN)

function caller(from: string, extra: [string, string][] = [['FromState', 'TX']], to = TO) {
  const call = { to, from, callSid: newSid('CA'), accountSid: ACCOUNT }
  return {
    call,
    incoming: (more: [string, string][] = []) => signed('/api/voice/incoming', [...incomingParams(call), ...extra, ...more]),
    dialed: (action: string, dialStatus: string, talkSeconds = 0, callerHungUp = false) => signed(action, [...dialActionParams({ ...call, talkSeconds, dialStatus, callerHungUp }), ...extra]),
    ended: (status = 'completed', duration = 20) => signed('/api/voice/status', statusCallbackParams({ ...call, status, duration })),
    said: (transcript: string, track: 'inbound_track' | 'outbound_track', sequence = 1) => signed('/api/voice/transcription', transcriptionParams({ callSid: call.callSid, accountSid: ACCOUNT, transcript, track, sequence })),
  }
}

async function setup(open: () => Promise<Kysely<Database>>, settings: VoiceSettings, now: { t: number }, wrap?: (store: RoutingStore) => RoutingStore) {
  const db = await open()
  const routing = storeRouting(async () => db)
  return { db, deps: voiceDepsFor(db, settings, now, TOKEN, wrap ? { routing: wrap(routing), storeBudgetMs: ROUTING_BUDGET_MS } : { routing }) }
}

/** Plays an answered call to whoever the site rings first; returns the number rung. */
async function answeredCall(deps: VoiceDeps, phone: ReturnType<typeof caller>, now: { t: number }, talk: number): Promise<string | null> {
  const first = await handleIncoming(phone.incoming(), deps)
  now.t += (talk + 10) * 1000
  await handleStatus(phone.dialed(dialAction(first.body)!, 'completed', talk), deps)
  return numberOf(first.body)
}

const month = '2026-11'
const rowsOf = async (db: Kysely<Database>) => (await readStatement(db, month, 'America/Chicago')).rows.map((row) => [row.provider, row.payable, row.why, row.amount])

describe.each(stores)('billing on %s', (_, open) => {
  it('a caller who hangs up while the provider rings is missed, texted once, and the provider is free for the next caller at once', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith(), now)
    const sentBefore = messages.sent.length
    const gone = caller('+15125550201')
    const ringing = await handleIncoming(gone.incoming(), deps)
    expect(numberOf(ringing.body)).toBe(LONE_STAR)
    await deps.recorder.idle()
    // While Lone Star rings (it takes one call at once), the next caller goes to Hill Country.
    const meanwhile = await handleIncoming(caller('+15125550299').incoming(), deps)
    expect(numberOf(meanwhile.body)).toBe(HILL_COUNTRY)
    now.t += 9_000
    const action = await handleStatus(gone.dialed(dialAction(ringing.body)!, 'no-answer', 0, true), deps)
    expect(action.body).not.toContain('<Dial')
    await deps.recorder.idle()
    const next = await handleIncoming(caller('+15125550202').incoming(), deps)
    expect(numberOf(next.body)).toBe(LONE_STAR)
    // The number's status callback comes too: nothing is recorded or texted twice.
    await handleStatus(gone.ended('completed', 9), deps)
    await deps.recorder.idle()
    const call = (await callsSince(db, 0)).find((one) => one.callSid === gone.call.callSid)!
    expect(call).toMatchObject({ status: 'missed', outcome: 'missed', outcomeReason: 'The caller hung up while Lone Star was ringing.' })
    expect(messages.sent.slice(sentBefore).filter((text) => text.to === '+15125550201')).toHaveLength(1)
    const legs = (await legsSince(db, 0)).filter((leg) => leg.callSid === gone.call.callSid)
    expect(legs.map((leg) => [leg.providerId, leg.outcome, leg.ringSeconds, leg.payable, leg.why])).toEqual([['lone-star', 'caller-hung-up', 9, false, 'caller hung up']])
  })

  it('the number’s status callback alone ends a call whose caller hung up while a provider rang', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith(), now)
    const sentBefore = messages.sent.length
    const gone = caller('+15125550203')
    const ringing = await handleIncoming(gone.incoming(), deps)
    await deps.recorder.idle()
    now.t += 7_000
    expect((await handleStatus(gone.ended('completed', 7), deps)).status).toBe(200)
    await deps.recorder.idle()
    expect(numberOf((await handleIncoming(caller('+15125550204').incoming(), deps)).body)).toBe(LONE_STAR)
    // Twilio's Dial action arrives after all: the end is acted on once.
    await handleStatus(gone.dialed(dialAction(ringing.body)!, 'no-answer', 0, true), deps)
    await deps.recorder.idle()
    const legs = (await legsSince(db, 0)).filter((leg) => leg.callSid === gone.call.callSid)
    expect(legs.map((leg) => [leg.outcome, leg.why])).toEqual([['caller-hung-up', 'caller hung up']])
    expect((await callsSince(db, 0)).find((one) => one.callSid === gone.call.callSid)).toMatchObject({ status: 'missed', outcomeReason: 'The caller hung up while Lone Star was ringing.' })
    expect(messages.sent.slice(sentBefore).filter((text) => text.to === '+15125550203')).toHaveLength(1)
  })

  it('caps count payable calls as judged: spam by the caller’s words gives the day back; the provider’s own words decide nothing', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith({}, { dailyCap: 1 }), now)
    const robot = caller('+15125550205')
    expect(await answeredCall(deps, robot, now, 95)).toBe(LONE_STAR)
    await handleTranscription(robot.said('Hi, I am calling about your business listing on the map.', 'inbound_track'), deps)
    await deps.recorder.idle()
    const real = caller('+15125550206')
    expect(await answeredCall(deps, real, now, 150)).toBe(LONE_STAR)
    await handleTranscription(real.said('Sure, are you a vendor or a homeowner?', 'outbound_track'), deps)
    await handleTranscription(real.said('A homeowner, there are ants all over my kitchen.', 'inbound_track', 2), deps)
    await deps.recorder.idle()
    // Lone Star's one paid call of the day is taken: the next caller reaches Hill Country.
    expect(await answeredCall(deps, caller('+15125550207'), now, 80)).toBe(HILL_COUNTRY)
    await deps.recorder.idle()
    expect(await rowsOf(db)).toEqual([
      ['Lone Star', false, 'judged spam', 0],
      ['Lone Star', true, '', 40],
      ['Hill Country', true, '', 30],
    ])
  })

  it('the first call after a cold start counts against a daily cap of 1', async () => {
    const now = { t: WED_10 }
    let opened: Promise<Kysely<Database>> | undefined
    const cold = () => (opened ??= open())
    const settings = settingsWith({}, { dailyCap: 1 })
    const recorder = voiceRecorder(cold, { retryMs: 1 })
    const deps: VoiceDeps = { authToken: TOKEN, siteUrl: TEST_SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => now.t, routing: storeRouting(cold), storeBudgetMs: 10_000 }
    expect(await answeredCall(deps, caller('+15125550208'), now, 95)).toBe(LONE_STAR)
    await recorder.idle()
    expect(await answeredCall(deps, caller('+15125550209'), now, 95)).toBe(HILL_COUNTRY)
  })

  it('a store that answers after 3 s: the call is routed, counted later, and a second call over the cap is over cap — not billable', async () => {
    const now = { t: WED_10 }
    const late = (store: RoutingStore): RoutingStore => ({ visit: store.visit, take: (...args) => new Promise((resolve) => setTimeout(() => resolve(store.take(...args)), 3_000)) })
    const { db, deps } = await setup(open, settingsWith({}, { dailyCap: 1 }), now, late)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await answeredCall(deps, caller('+15125550210'), now, 95)).toBe(LONE_STAR)
    expect(await answeredCall(deps, caller('+15125550211'), now, 120)).toBe(LONE_STAR)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('its cap checked once the store answers'))
    error.mockRestore()
    await new Promise((resolve) => setTimeout(resolve, 3_200))
    await deps.recorder.idle()
    expect(await rowsOf(db)).toEqual([
      ['Lone Star', true, '', 40],
      ['Lone Star', false, 'over cap', 0],
    ])
  }, 20_000)

  it('the same caller twice: the second call is not paid again, and a repeat caller’s “quote” stays an existing customer', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith({ firstCallerDays: 0 }), now)
    const again = caller('+15125550212')
    await answeredCall(deps, again, now, 95)
    now.t += 86_400_000
    await answeredCall(deps, caller('+15125550212'), now, 130)
    await deps.recorder.idle()
    expect(await rowsOf(db)).toEqual([
      ['Lone Star', true, '', 40],
      ['Lone Star', false, 'same caller within 30 days', 0],
    ])
    const strict = await setup(open, settingsWith(), now)
    await answeredCall(strict.deps, caller('+15125550213'), now, 95)
    now.t += 86_400_000
    const repeat = caller('+15125550213')
    await answeredCall(strict.deps, repeat, now, 130)
    await handleTranscription(repeat.said('Can I get a quote for the follow-up?', 'inbound_track'), strict.deps)
    await strict.deps.recorder.idle()
    expect((await rowsOf(strict.db)).at(-1)).toEqual(['Lone Star', false, 'judged existing customer', 0])
  })

  it('a real customer’s third try that became a conversation is a lead, not spam', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith(), now)
    for (const talk of [0, 0]) {
      const phone = caller('+15125550214')
      const first = await handleIncoming(phone.incoming(), deps)
      now.t += 25_000
      await handleStatus(phone.dialed(dialAction(first.body)!, 'no-answer', talk), deps)
      const second = await handleIncoming(phone.incoming(), deps)
      expect(second.status).toBe(200)
    }
    await deps.recorder.idle()
    now.t += 60_000
    const third = caller('+15125550214')
    await answeredCall(deps, third, now, 160)
    await deps.recorder.idle()
    expect((await callsSince(db, 0)).find((call) => call.callSid === third.call.callSid)).toMatchObject({ outcome: 'lead' })
  })

  it('a call that failed STIR/SHAKEN rings no provider: the business line, else the missed-call message without a text', async () => {
    const now = { t: WED_10 }
    const { db, deps } = await setup(open, settingsWith(), now)
    const faked = await handleIncoming(caller('+15125550215').incoming([['StirVerstat', 'TN-Validation-Failed-B']]), deps)
    expect(numberOf(faked.body)).toBe(BUSINESS)
    const none = await setup(open, settingsWith({ businessLine: '' }), now)
    const sentBefore = messages.sent.length
    const missed = await handleIncoming(caller('+15125550216').incoming([['StirVerstat', 'TN-Validation-Failed-C']]), none.deps)
    expect(missed.body).toContain('<Say>Sorry we missed you.</Say>')
    await deps.recorder.idle()
    await none.deps.recorder.idle()
    expect(messages.sent.length).toBe(sentBefore)
    expect(await legsSince(db, 0)).toEqual([])
    expect((await callsSince(none.db, 0))[0]).toMatchObject({ outcome: 'spam' })
  })

  it('a call at 23:30 in the site’s zone is on that day’s statement', async () => {
    // 23:30 on 25 November in Chicago is 05:30 UTC on the 26th.
    const now = { t: Date.UTC(2026, 10, 26, 5, 30) }
    const { db, deps } = await setup(open, settingsWith(), now)
    await answeredCall(deps, caller('+15125550217'), now, 95)
    await deps.recorder.idle()
    const statement = await readStatement(db, month, 'America/Chicago', 'lone-star')
    expect(statement.rows.map((row) => row.time)).toEqual(['2026-11-25 23:30'])
  })

  it('the ad platforms learn revenue: a payable call is worth the provider’s payout; one the business line took is not exported; spam is retracted', async () => {
    const now = { t: WED_10 }
    const pool = ['+13125550161', '+13125550162']
    const settings = settingsWith({ pool, conversionValue: 50 })
    const { db, deps } = await setup(open, settings, now)
    const visit = (clickId: string) => ({ page: '/ants', keyword: 'ant control', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid' as const, clickId })
    const paid = await leaseNumber(db, pool, visit('G-paid'), now.t - 60_000, 0)
    const business = await leaseNumber(db, pool, visit('G-business'), now.t - 60_000, 0)
    const payable = caller('+15125550218', [['FromState', 'TX']], paid!.number)
    expect(await answeredCall(deps, payable, now, 95)).toBe(LONE_STAR)
    const declined = caller('+15125550219', [['FromState', 'TX']], business!.number)
    let answer = await handleIncoming(declined.incoming(), deps)
    for (const expected of [LONE_STAR, HILL_COUNTRY]) {
      expect(numberOf(answer.body)).toBe(expected)
      now.t += 20_000
      answer = await handleStatus(declined.dialed(dialAction(answer.body)!, 'no-answer'), deps)
    }
    expect(numberOf(answer.body)).toBe(BUSINESS)
    now.t += 130_000
    await handleStatus(declined.dialed(dialAction(answer.body)!, 'completed', 120), deps)
    await deps.recorder.idle()
    const google = await exportConversions(db, settings, 'gclid', 0, now.t)
    expect(google.csv.trim().split('\n').slice(2)).toEqual([`G-paid,Qualified call,2026-11-25 10:00:00,40,USD,${payable.call.callSid}`])
    // With "One fixed value" on, every qualified call is worth the conversion value instead.
    const fixed = await exportConversions(db, { ...settings, fixedValue: true }, 'gclid', 0, now.t)
    expect(fixed.csv.trim().split('\n').slice(2).map((line) => line.split(',')[3])).toEqual(['50', '50'])
    now.t += 60_000
    await markOutcome(db, { callSid: payable.call.callSid, outcome: 'spam', by: 'owner', at: now.t })
    const adjustments = await exportGoogleAdjustments(db, settings, now.t)
    expect(adjustments.rows.map((row) => [row.call.callSid, row.type])).toEqual([[payable.call.callSid, 'RETRACTION']])
  })

  it('withheld callers stand alone and are not billed blind: unverified, never texted, never exported', async () => {
    const now = { t: WED_10 }
    const pool = ['+13125550161', '+13125550162', '+13125550163', '+13125550164']
    const settings = settingsWith({ pool, businessLine: '' })
    const { db, deps } = await setup(open, settings, now)
    const sentBefore = messages.sent.length
    const visit = (clickId: string) => ({ page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid' as const, clickId })
    const played: string[] = []
    for (const [index, from] of ['Anonymous', '+266696687', '+266696687', ''].entries()) {
      const lease = await leaseNumber(db, pool, visit(`G-withheld-${index}`), now.t - 60_000, 0)
      const phone = caller(from, [['FromState', 'TX']], lease!.number)
      played.push(phone.call.callSid)
      if (index < 3) await answeredCall(deps, phone, now, 120)
      else {
        // Nobody answers: every provider rings out, and with no business line the call is missed.
        let answer = await handleIncoming(phone.incoming(), deps)
        while (dialAction(answer.body)) {
          now.t += 20_000
          answer = await handleStatus(phone.dialed(dialAction(answer.body)!, 'no-answer'), deps)
        }
      }
      await deps.recorder.idle()
    }
    const calls = (await callsSince(db, 0)).filter((call) => played.includes(call.callSid))
    // Each withheld caller is nobody's number: not the same person as another (no repeat or first-caller rule), not qualified.
    expect(calls.map((call) => [call.outcome, call.qualified])).toEqual([['unverified', false], ['unverified', false], ['unverified', false], ['missed', false]])
    expect(messages.sent.length).toBe(sentBefore)
    expect((await exportConversions(db, settings, 'gclid', 0, now.t)).rows).toEqual([])
    // The owner listens and marks one: it counts from then on.
    await markOutcome(db, { callSid: played[0]!, outcome: 'lead', by: 'owner', at: now.t })
    expect((await exportConversions(db, settings, 'gclid', 0, now.t)).rows.map((row) => row.call.clickId)).toEqual(['G-withheld-0'])
  })
})
