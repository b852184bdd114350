import { describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import { twilioSignature } from '../webhooks/signature'
import { callsSince, leaseNumber } from '../store/store'
import type { Database } from '../../db/schema.ts'
import { dialAction, dialActionParams, incomingParams, newSid } from '../../../../scripts/calls/twilioStandIn.ts'
import { messagesForTests } from '../../../../tests/support/voiceHarness.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleSmsIncoming, handleWhisper } from '../webhooks/provider'
import { voiceRecorder } from '../store/voiceQueue'
import { pestOfVisit, storeRouting, type RoutingStore } from './routing'
import { parseLeaseRequest, visitFacts } from '../pool/lease'
import { landingToken, verifiedLanding } from '../../personalization/landing'
import { MAX_TEXT_ATTEMPTS } from '../texts/textBack'
import { legsSince } from '../store/legRecords'
import { parseProviders, type ProviderFields } from '../../providers/provider'
import { capPeriod, takeProvider } from '../../providers/caps'

const TOKEN = 'test-auth-token'
const ACCOUNT = 'AC' + 'ab'.repeat(16)
const SITE = 'https://leads.example.com'
const POOL = ['+13125550161', '+13125550162']
const BUSINESS = '+13125550150'
const DALLAS = '1026339'
// Wednesday 2026-11-25 16:00 UTC: 10:00 in Dallas.
const WED_10_DALLAS = Date.UTC(2026, 10, 25, 16)

const providerFields: ProviderFields[] = [
  { _id: 'dallas-pro', name: 'Dallas Pro', phone: '+12145550101', active: true, places: [DALLAS], whisper: 'Call about {pest} in {place} from {page}.', payout: 40, timeZone: 'America/Chicago' },
  { _id: 'texas-wide', name: 'Texas Wide', phone: '+15125550102', active: true, states: ['TX'], whisper: 'Texas call.', acceptWithKey: true, payout: 25 },
  { _id: 'night-owl', name: 'Night Owl', phone: '+12145550103', active: true, places: [DALLAS], timeZone: 'America/Chicago', hours: [{ day: 'wed', open: '18:00', close: '23:00' }] },
  { _id: 'capped', name: 'Capped', phone: '+12145550104', active: true, zips: ['752'], dailyCap: 1 },
]
const pests = [{ id: 'pest-ant', name: 'Ants', words: ['ant', 'ants'] }]

function settingsWith(fields: Record<string, unknown> = {}, providers = providerFields): VoiceSettings {
  const base = { enabled: true, businessLine: BUSINESS, pool: POOL, missedMessage: 'Sorry we missed you.', routing: true, maxProviders: 3, textBack: { enabled: true, body: 'Sorry we missed your call. Reply STOP to opt out.', onceEveryHours: 24 }, ...fields }
  return voiceSettings(base, { phone: '+18885550142', providers: parseProviders(providers, 60), pests })
}

const messages = messagesForTests(ACCOUNT, TOKEN)

async function setup(settings: VoiceSettings, now: { t: number }, routing?: (db: Kysely<Database>) => RoutingStore) {
  const db = await openVoiceDb(':memory:')
  const recorder = voiceRecorder(async () => db, { retryMs: 1 })
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => now.t, routing: (routing ?? ((d) => storeRouting(async () => d)))(db), storeBudgetMs: routing ? 40 : 10_000 }
  return { db, deps }
}

const signed = (path: string, params: [string, string][]) => ({ pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + path, params) })
const numberOf = (twiml: string) => /<Number[^>]*>([^<]+)<\/Number>/.exec(twiml)?.[1] ?? null
const whisperOf = (twiml: string) => /<Number url="([^"]+)"/.exec(twiml)?.[1]?.replaceAll('&amp;', '&') ?? null

function caller(from: string, to: string, extra: [string, string][] = []) {
  const call = { to, from, callSid: newSid('CA'), accountSid: ACCOUNT }
  return {
    call,
    incoming: (path = '/api/voice/incoming', more: [string, string][] = []) => signed(path, [...incomingParams(call), ...extra, ...more]),
    dialed: (action: string, dialStatus: string, talkSeconds = 0, bridged?: string) => {
      const params = dialActionParams({ ...call, talkSeconds, dialStatus }).map(([name, value]) => [name, name === 'DialBridged' && bridged ? bridged : value] as [string, string])
      return signed(action, [...params, ...extra])
    },
  }
}

describe('routing calls to providers', () => {
  it('dials the provider of the ad visit’s city with its whisper, then the next one on no answer, and records every leg', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith({}, providerFields.filter((provider) => provider._id !== 'capped'))
    const { db, deps } = await setup(settings, now)
    // What the lease endpoint keeps of an ad visit landing on /ants?loc_physical_ms=1026339 (Dallas): the place
    // as the server signed it into the visit's landing token, never as the page claims it.
    const landing = verifiedLanding(landingToken('/ants', now.t, 'landing-secret', DALLAS), 'landing-secret')!
    expect(landing.place).toBe(DALLAS)
    const asked = parseLeaseRequest({ page: '/ants', variantKey: '', campaign: 'spring', source: 'google', lease: '', place: '60614' })!
    const tap = { page: '/ants', keyword: 'Ant Control', location: '', experiment: '', arm: '' }
    const visit = visitFacts(tap, asked, { kind: 'gclid', id: 'C1' }, false, { place: landing.place, pest: pestOfVisit(`${tap.keyword} ${tap.page}`, settings.pests) })
    expect(visit).toMatchObject({ place: DALLAS, pest: 'pest-ant' })
    const lease = await leaseNumber(db, POOL, visit, now.t - 60_000, 0)
    const phone = caller('+14695550123', lease!.number)
    const first = await handleIncoming(phone.incoming(), deps)
    expect(numberOf(first.body)).toBe('+12145550101')
    expect(first.body).toContain('timeout="20"')
    const whisper = await handleWhisper(signed(whisperOf(first.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), deps)
    expect(whisper.body).toContain('<Say>Call about Ants in Dallas, TX from /ants.</Say>')
    // The night owl serves Dallas too but is closed at 10:00; the state-wide provider comes next and asks for a key press.
    now.t += 20_000
    const second = await handleStatus(phone.dialed(dialAction(first.body)!, 'no-answer'), deps)
    expect(numberOf(second.body)).toBe('+15125550102')
    const gather = await handleWhisper(signed(whisperOf(second.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), deps)
    expect(gather.body).toMatch(/<Gather input="dtmf" numDigits="1"[^>]*><Say>Texas call.<\/Say><\/Gather><Hangup\/>/)
    const action = /action="([^"]+)"/.exec(gather.body)![1]!.replaceAll('&amp;', '&')
    expect((await handleWhisper(signed(action, [['CallSid', newSid('CA')], ['Digits', '1']]), deps)).body).toContain('<Response/>')
    expect((await handleWhisper(signed(action, [['CallSid', newSid('CA')], ['Digits', '7']]), deps)).body).toContain('<Hangup/>')
    now.t += 120_000
    const end = await handleStatus(phone.dialed(dialAction(second.body)!, 'completed', 95), deps)
    expect(end.body).toContain('<Hangup/>')
    await deps.recorder.idle()
    const legs = await legsSince(db, 0)
    expect(legs.map(({ seq, providerId, outcome, talkSeconds }) => ({ seq, providerId, outcome, talkSeconds }))).toEqual([
      { seq: 0, providerId: 'dallas-pro', outcome: 'no-answer', talkSeconds: 0 },
      { seq: 1, providerId: 'texas-wide', outcome: 'answered', talkSeconds: 95 },
    ])
    expect((await callsSince(db, 0))[0]).toMatchObject({ status: 'answered', talkSeconds: 95, page: '/ants' })
    expect(messages.sent).toHaveLength(0)
  })

  it('records and transcribes a routed call when recording is on: announced once, every line recorded', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith({ recording: true, recordingNotice: 'This call may be recorded.' })
    const { deps } = await setup(settings, now)
    const phone = caller('+14695550140', '+13125550170', [['FromState', 'TX']])
    const first = await handleIncoming(phone.incoming(), deps)
    // The referral is said first (consent/referral.ts), then the recording notice.
    expect(first.body).toMatch(/<Response><Say>[^<]*a free referral service[^<]*<\/Say><Say>This call may be recorded.<\/Say><Start><Transcription statusCallbackUrl="https:\/\/[^"]+\/api\/voice\/transcription"[^>]*\/><\/Start><Dial /)
    expect(first.body).toMatch(/<Dial [^>]*record="record-from-answer-dual" recordingStatusCallback="https:\/\/[^"]+\/api\/voice\/recording"/)
    const second = await handleStatus(phone.dialed(dialAction(first.body)!, 'no-answer'), deps)
    expect(numberOf(second.body)).not.toBeNull()
    expect(second.body).not.toContain('<Say>This call may be recorded.</Say>')
    expect(second.body).toContain('record="record-from-answer-dual"')
    await deps.recorder.idle()
  })

  it('skips a provider at its daily cap, and fails over on a declined key press', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith({ askZipWhenUnknown: true })
    const { db, deps } = await setup(settings, now)
    const capped = settings.providers.find((provider) => provider.id === 'capped')!
    expect(await takeProvider(db, capped, capPeriod(now.t, settings.timeZone), now.t, { callSid: `CA${'0'.repeat(32)}`, seq: 0, expiresAt: now.t + 3_600_000 })).toBe(true)
    const phone = caller('+14695550124', '+13125550170')
    const ask = await handleIncoming(phone.incoming(), deps)
    expect(ask.body).toContain('<Gather input="dtmf" numDigits="5"')
    expect(ask.body).toContain('<Say>Please enter your 5-digit ZIP code</Say>')
    const routed = await handleIncoming(phone.incoming('/api/voice/incoming?zip=1', [['Digits', '75201']]), deps)
    // 75201 is in Dallas County's 752 area: the capped provider (ZIP prefix) is skipped, the state-wide one rings.
    expect(numberOf(routed.body)).toBe('+15125550102')
    const declined = await handleStatus(phone.dialed(dialAction(routed.body)!, 'completed', 3, 'false'), deps)
    expect(numberOf(declined.body)).toBe(BUSINESS)
    await deps.recorder.idle()
    expect((await legsSince(db, 0)).map((leg) => leg.outcome)).toEqual(['declined'])
  })

  it('the digits choose the provider of the ZIP keyed in', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith({ askZipWhenUnknown: true }, [{ _id: 'zip-only', name: 'Uptown', phone: '+12145550109', active: true, zips: ['75201'] }])
    const { deps } = await setup(settings, now)
    const phone = caller('+14695550125', '+13125550170')
    const routed = await handleIncoming(phone.incoming('/api/voice/incoming?zip=1', [['Digits', '75201']]), deps)
    expect(numberOf(routed.body)).toBe('+12145550109')
    const unknown = await handleIncoming(caller('+14695550126', '+13125550170').incoming('/api/voice/incoming?zip=1', [['Digits', '00000']]), deps)
    expect(numberOf(unknown.body)).toBe(BUSINESS)
  })

  it('with no provider and no business line the call is missed, and the caller gets one text, not a second, none after STOP', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith({ businessLine: '' }, [])
    const { db, deps } = await setup(settings, now)
    const from = '+14695550127'
    const first = await handleIncoming(caller(from, POOL[1]!).incoming(), deps)
    expect(first.body).toContain('<Say>Sorry we missed you.</Say>')
    await deps.recorder.idle()
    expect(messages.sent.at(-1)).toEqual({ accountSid: ACCOUNT, to: from, from: POOL[1], body: 'Sorry we missed your call. Reply STOP to opt out.', sid: expect.stringMatching(/^SM[0-9a-f]{32}$/) })
    const sentBefore = messages.sent.length
    now.t += 3_600_000
    await handleIncoming(caller(from, POOL[1]!).incoming(), deps)
    await deps.recorder.idle()
    expect(messages.sent.length).toBe(sentBefore)
    const stop = await handleSmsIncoming(signed('/api/sms/incoming', [['MessageSid', newSid('SM')], ['AccountSid', ACCOUNT], ['From', from], ['To', POOL[1]!], ['Body', 'STOP']]), deps)
    expect(stop.status).toBe(200)
    now.t += 2 * 86_400_000
    await handleIncoming(caller(from, POOL[1]!).incoming(), deps)
    await deps.recorder.idle()
    expect(messages.sent.length).toBe(sentBefore)
    const missed = (await callsSince(db, 0)).filter((call) => call.status === 'missed')
    expect(missed).toHaveLength(3)
    const texts = await db.selectFrom('voice_texts').select(['status']).orderBy('at').execute()
    expect(texts.map((row) => row.status)).toEqual(['sent', 'skipped', 'skipped'])
  })

  it('retries a refused text, and keeps it listed as failed when every try fails', async () => {
    const now = { t: WED_10_DALLAS }
    const { db, deps } = await setup(settingsWith({ businessLine: '' }, []), now)
    messages.refuseNext(1)
    await handleIncoming(caller('+14695550128', POOL[0]!).incoming(), deps)
    await deps.recorder.idle()
    expect(messages.sent.at(-1)?.to).toBe('+14695550128')
    messages.refuseNext(50)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await handleIncoming(caller('+14695550129', POOL[0]!).incoming(), deps)
    await deps.recorder.idle()
    error.mockRestore()
    messages.refuseNext(0)
    const failed = await db.selectFrom('voice_texts').selectAll().where('status', '=', 'failed').execute()
    expect(failed.map((row) => [row.to_number, row.error])).toEqual([['+14695550129', 'Too Many Requests']])
    // Tried a bounded number of times, never sent again and again.
    expect(failed.map((row) => Number(row.attempts))).toEqual([MAX_TEXT_ATTEMPTS])
  })

  it('routes without the cap check when the store hangs', async () => {
    const now = { t: WED_10_DALLAS }
    const settings = settingsWith()
    const hanging: RoutingStore = { visit: () => new Promise(() => {}), take: () => new Promise(() => {}) }
    const { deps } = await setup(settings, now, () => hanging)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer = await handleIncoming(caller('+14695550130', POOL[0]!, [['FromState', 'TX']]).incoming(), deps)
    expect(numberOf(answer.body)).toBe('+15125550102')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('its cap checked once the store answers'))
    error.mockRestore()
  })

  it('reads places as people do: a city-level visit reaches the provider of that city’s ZIP codes; no digits fall back to the caller’s state', async () => {
    const now = { t: WED_10_DALLAS }
    const lakeview: ProviderFields = { _id: 'lakeview', name: 'Lakeview Pest', phone: '+17735550110', active: true, zips: ['60614'], whisper: 'Lead for {pest} in {place}.' }
    const illinois: ProviderFields = { _id: 'illinois', name: 'Prairie State', phone: '+12175550111', active: true, states: ['IL'], priority: 2 }
    const settings = settingsWith({ askZipWhenUnknown: true }, [lakeview, illinois])
    const { db, deps } = await setup(settings, now)
    const chicago = await leaseNumber(db, POOL, { page: '/ants', keyword: 'ant control', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid', clickId: 'CHI', place: '1016367', pest: 'pest-ant' }, now.t - 60_000, 0)
    const visit = await handleIncoming(caller('+17735550190', chicago!.number).incoming(), deps)
    expect(numberOf(visit.body)).toBe('+17735550110')
    const whisper = await handleWhisper(signed(whisperOf(visit.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), deps)
    expect(whisper.body).toContain('<Say>Lead for Ants in Chicago, IL.</Say>')
    // The ZIP prompt went unanswered: the calling number's state still finds the Illinois provider.
    const noDigits = await handleIncoming(caller('+17735550191', '+13125550170', [['FromState', 'IL']]).incoming('/api/voice/incoming?zip=1'), deps)
    expect(numberOf(noDigits.body)).toBe('+12175550111')
    // Nothing known of the place or the pest: the provider hears only what is known, never "in .".
    const direct = await handleIncoming(caller('+17735550192', '+13125550170', [['FromState', 'IL']]).incoming('/api/voice/incoming?zip=1'), deps)
    const bare = await handleWhisper(signed(whisperOf(direct.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), deps)
    expect(bare.body).not.toMatch(/<Say>[^<]*(in \.|for \.|: \.)/)
    await deps.recorder.idle()
  })
})
