import { describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import { twilioSignature } from '../webhooks/signature'
import { leaseNumber } from '../store/store'
import type { Database } from '../../db/schema.ts'
import { dialAction, dialActionParams, incomingParams, newSid } from '../../../../scripts/calls/twilioStandIn.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleWhisper } from '../webhooks/provider'
import { voiceRecorder } from '../store/voiceQueue'
import { storeRouting } from '../routing/routing'
import { parseProviders, type ProviderFields } from '../../providers/provider'
import { ALL_PARTY_CONSENT_STATES, recordingAllowed, saysRecordedAndTranscribed } from './recordingConsent'
import { DEFAULT_SPOKEN_REFERRAL, sayFirst, spokenReferral } from './referral'

/**
 * Consent on both legs, the referral said out loud, and licences where states ask: through the real webhooks,
 * with Twilio's signed requests (scripts/calls/twilioStandIn.ts) and the real store (SQLite in memory).
 */
const TOKEN = 'test-auth-token'
const ACCOUNT = 'AC' + 'cd'.repeat(16)
const SITE = 'https://leads.example.com'
const POOL = ['+13125550161', '+13125550162']
const BUSINESS = '+13125550150'
const OTHER_NUMBER = '+13125550170'
const CHICAGO = '1016367'
const DALLAS = '1026339'
const NOTICE = 'This call is recorded and transcribed to help us serve you better.'
// Wednesday 2026-11-25 16:00 UTC: 10:00 in Chicago and Dallas.
const WED = Date.UTC(2026, 10, 25, 16)

const providers: ProviderFields[] = [
  { _id: 'illinois', name: 'Illinois Pros', phone: '+13125550301', active: true, states: ['IL'], maxConcurrent: 10 },
  { _id: 'texas', name: 'Texas Pros', phone: '+12145550302', active: true, states: ['TX'], maxConcurrent: 10 },
]

function settingsWith(fields: Record<string, unknown> = {}, list = providers): VoiceSettings {
  const base = { enabled: true, businessLine: BUSINESS, pool: POOL, missedMessage: 'Sorry we missed you.', missedCall: 'voicemail', recording: true, recordingNotice: NOTICE, recordCallsFrom: 'onePartyStates', ...fields }
  return voiceSettings(base, { phone: '+18885550142', brandName: 'Local Pest Experts', providers: parseProviders(list, 60) })
}

async function setup(settings: VoiceSettings) {
  const db = await openVoiceDb(':memory:')
  const recorder = voiceRecorder(async () => db, { retryMs: 1 })
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => WED, routing: storeRouting(async () => db), storeBudgetMs: 10_000 }
  return { db, deps }
}

const signed = (path: string, params: [string, string][]) => ({ pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + path, params) })
const numberOf = (twiml: string) => /<Number[^>]*>([^<]+)<\/Number>/.exec(twiml)?.[1] ?? null
const whisperOf = (twiml: string) => /<Number url="([^"]+)"/.exec(twiml)?.[1]?.replaceAll('&amp;', '&') ?? null
const recorded = (twiml: string) => twiml.includes('record="record-from-answer-dual"')
const transcribed = (twiml: string) => twiml.includes('<Transcription') || twiml.includes('transcribe="true"')

function caller(to: string, extra: [string, string][] = [], from = '+17735550123') {
  const call = { to, from, callSid: newSid('CA'), accountSid: ACCOUNT }
  return {
    incoming: (path = '/api/voice/incoming', more: [string, string][] = []) => signed(path, [...incomingParams(call), ...extra, ...more]),
    dialed: (action: string, dialStatus: string) => signed(action, [...dialActionParams({ ...call, talkSeconds: 0, dialStatus }), ...extra]),
  }
}

/** A pool number lent to an ad visit that landed with `place` (loc_physical_ms), as the lease endpoint keeps it. */
async function visitFrom(db: Kysely<Database>, place: string): Promise<string> {
  const visit = { page: '/ants', keyword: 'ant control', location: '', experiment: '', version: '', campaign: 'spring', clickKind: 'gclid' as const, clickId: 'C1', place, pest: '' }
  await db.deleteFrom('voice_leases').execute()
  await db.updateTable('voice_pool').set({ lease_id: null, leased_until: 0 }).execute()
  return (await leaseNumber(db, [POOL[0]!], visit, WED - 60_000, 0))!.number
}

describe('recording only as the caller’s state allows', () => {
  it('knows the all-party-consent states, and an unknown state counts as one of them', () => {
    for (const state of ['CA', 'CT', 'FL', 'IL', 'MD', 'MA', 'MT', 'NV', 'NH', 'PA', 'WA']) expect(ALL_PARTY_CONSENT_STATES.has(state)).toBe(true)
    const onePartyOnly = { recording: true, recordCallsFrom: 'onePartyStates' as const }
    expect(recordingAllowed(onePartyOnly, 'TX')).toBe(true)
    expect(recordingAllowed(onePartyOnly, 'IL')).toBe(false)
    expect(recordingAllowed(onePartyOnly, undefined)).toBe(false)
    expect(recordingAllowed({ recording: true, recordCallsFrom: 'everyState' }, 'IL')).toBe(true)
    expect(recordingAllowed({ recording: false, recordCallsFrom: 'everyState' }, 'TX')).toBe(false)
  })

  it('routes an Illinois caller — by the ad visit, the ZIP keyed in or FromState — without record or <Transcription>; a Texas caller is recorded', async () => {
    const settings = settingsWith({ routing: true, askZipWhenUnknown: true })
    const { db, deps } = await setup(settings)
    const cases: [string, () => Promise<string>, string][] = [
      ['visit IL', async () => (await handleIncoming(caller(await visitFrom(db, CHICAGO)).incoming(), deps)).body, '+13125550301'],
      ['visit TX', async () => (await handleIncoming(caller(await visitFrom(db, DALLAS)).incoming(), deps)).body, '+12145550302'],
      ['ZIP IL', async () => (await handleIncoming(caller(OTHER_NUMBER).incoming('/api/voice/incoming?zip=1', [['Digits', '60614']]), deps)).body, '+13125550301'],
      ['ZIP TX', async () => (await handleIncoming(caller(OTHER_NUMBER).incoming('/api/voice/incoming?zip=1', [['Digits', '75201']]), deps)).body, '+12145550302'],
    ]
    for (const [name, answer, provider] of cases) {
      const twiml = await answer()
      expect(numberOf(twiml), name).toBe(provider)
      const texas = name.endsWith('TX')
      expect([name, recorded(twiml), transcribed(twiml), twiml.includes(`<Say>${NOTICE}</Say>`)]).toEqual([name, texas, texas, texas])
    }
    // Without a place from the visit or the keypad: the calling number's state.
    const byState = settingsWith({ routing: true })
    const { deps: stateDeps } = await setup(byState)
    const illinois = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'IL']]).incoming(), stateDeps)
    const texas = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'TX']]).incoming(), stateDeps)
    const nowhere = await handleIncoming(caller(OTHER_NUMBER).incoming(), stateDeps)
    expect([recorded(illinois.body), transcribed(illinois.body)]).toEqual([false, false])
    expect([recorded(texas.body), transcribed(texas.body)]).toEqual([true, true])
    expect([recorded(nowhere.body), transcribed(nowhere.body)]).toEqual([false, false])
    await deps.recorder.idle()
    await stateDeps.recorder.idle()
  })

  it('judges every later leg and the voicemail like the first: an Illinois caller is never recorded on the next provider, the business line or the voicemail', async () => {
    const settings = settingsWith({ routing: true }, [...providers, { _id: 'illinois-2', name: 'Prairie Pest', phone: '+13125550303', active: true, states: ['IL'], priority: 2 }])
    const { deps } = await setup(settings)
    const phone = caller(OTHER_NUMBER, [['FromState', 'IL']])
    const first = await handleIncoming(phone.incoming(), deps)
    expect(numberOf(first.body)).toBe('+13125550301')
    const second = await handleStatus(phone.dialed(dialAction(first.body)!, 'no-answer'), deps)
    expect(numberOf(second.body)).toBe('+13125550303')
    const business = await handleStatus(phone.dialed(dialAction(second.body)!, 'no-answer'), deps)
    expect(numberOf(business.body)).toBe(BUSINESS)
    const voicemail = await handleStatus(phone.dialed(dialAction(business.body)!, 'no-answer'), deps)
    expect(voicemail.body).toContain('<Record ')
    for (const twiml of [first.body, second.body, business.body, voicemail.body]) expect([recorded(twiml), transcribed(twiml)]).toEqual([false, false])
    await deps.recorder.idle()
  })

  it('without routing: the visit’s state decides, carried to the voicemail; every state is recorded when Site settings say so', async () => {
    const { db, deps } = await setup(settingsWith())
    const chicagoVisit = caller(await visitFrom(db, CHICAGO), [['FromState', 'TX']])
    const answer = await handleIncoming(chicagoVisit.incoming(), deps)
    expect(numberOf(answer.body)).toBe(BUSINESS)
    expect([recorded(answer.body), transcribed(answer.body)]).toEqual([false, false])
    expect(dialAction(answer.body)).toBe('/api/voice/status?st=IL')
    const voicemail = await handleStatus(chicagoVisit.dialed(dialAction(answer.body)!, 'no-answer'), deps)
    expect(voicemail.body).toContain('<Record ')
    expect(transcribed(voicemail.body)).toBe(false)
    const texas = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'TX']]).incoming(), deps)
    expect([recorded(texas.body), transcribed(texas.body)]).toEqual([true, true])
    const { deps: everyDeps } = await setup(settingsWith({ recordCallsFrom: 'everyState' }))
    const everywhere = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'IL']]).incoming(), everyDeps)
    expect([recorded(everywhere.body), transcribed(everywhere.body)]).toEqual([true, true])
    await deps.recorder.idle()
    await everyDeps.recorder.idle()
  })

  it('tells the provider in the whisper, before the caller is joined, that the call is recorded and transcribed — only when it is', async () => {
    const withWhisper = providers.map((provider) => ({ ...provider, whisper: 'Call about {pest} in {place}.', acceptWithKey: true }))
    const { deps } = await setup(settingsWith({ routing: true, recordCallsFrom: 'everyState' }, withWhisper))
    const first = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'TX']]).incoming(), deps)
    const whisper = await handleWhisper(signed(whisperOf(first.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), deps)
    expect(whisper.body).toMatch(new RegExp(`<Gather [^>]*><Say>${NOTICE}</Say><Say>Call in TX\\.</Say></Gather>`))
    const { deps: notRecorded } = await setup(settingsWith({ routing: true, recording: false }, withWhisper))
    const plain = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'TX']]).incoming(), notRecorded)
    const quiet = await handleWhisper(signed(whisperOf(plain.body)!, [['CallSid', newSid('CA')], ['AccountSid', ACCOUNT]]), notRecorded)
    expect(quiet.body).not.toContain(NOTICE)
    await deps.recorder.idle()
    await notRecorded.recorder.idle()
  })

  it('the Studio’s rule: a notice must say recorded and transcribed', () => {
    expect(saysRecordedAndTranscribed(NOTICE)).toBe(true)
    expect(saysRecordedAndTranscribed('Calls are recorded for quality; a transcription is kept.')).toBe(true)
    expect(saysRecordedAndTranscribed('This call may be recorded.')).toBe(false)
    expect(saysRecordedAndTranscribed('We transcribe calls.')).toBe(false)
  })
})

describe('the referral said out loud', () => {
  it('is said before the ZIP prompt or the first ring when routing is on, once, and never empty', async () => {
    const { deps } = await setup(settingsWith({ routing: true, askZipWhenUnknown: true, recording: false, spokenReferral: 'Thanks for calling {business}, a free referral service.' }))
    const phone = caller(OTHER_NUMBER)
    const ask = await handleIncoming(phone.incoming(), deps)
    expect(ask.body).toMatch(/<Response><Say>Thanks for calling Local Pest Experts, a free referral service.<\/Say><Gather /)
    const routed = await handleIncoming(phone.incoming('/api/voice/incoming?zip=1', [['Digits', '75201']]), deps)
    expect(numberOf(routed.body)).toBe('+12145550302')
    expect(routed.body).not.toContain('referral')
    const { deps: direct } = await setup(settingsWith({ routing: true, recording: true, recordCallsFrom: 'everyState' }))
    const first = await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'TX']]).incoming(), direct)
    // The default words, then the recording notice, then the ring.
    expect(first.body).toMatch(/<Response><Say>Thanks for calling Local Pest Experts, a free referral service; we’ll connect you with an independent local provider.<\/Say><Say>This call is recorded/)
    const { deps: off } = await setup(settingsWith({ recording: false }))
    expect((await handleIncoming(caller(OTHER_NUMBER).incoming(), off)).body).not.toContain('<Say>')
    await deps.recorder.idle()
    await direct.recorder.idle()
    await off.recorder.idle()
  })

  it('fills in the business and falls back to the default words', () => {
    expect(spokenReferral({ brandName: '', routing: { routing: true, spokenReferral: ' ' } })).toBe(DEFAULT_SPOKEN_REFERRAL.replace('{business}', 'us'))
    expect(spokenReferral({ brandName: 'Acme', routing: { routing: false, spokenReferral: 'x' } })).toBe('')
    expect(sayFirst('<?xml version="1.0"?><Response><Dial/></Response>', 'Hi & welcome')).toBe('<?xml version="1.0"?><Response><Say>Hi &amp; welcome</Say><Dial/></Response>')
  })
})

describe('licences where states ask', () => {
  const florida: ProviderFields[] = [
    { _id: 'unlicensed', name: 'Sunshine Sprayers', phone: '+13055550401', active: true, states: ['FL'], priority: 1 },
    { _id: 'licensed', name: 'Gulf Coast Pest', phone: '+13055550402', active: true, states: ['FL'], priority: 2, licences: [{ state: 'FL', number: 'JB123456' }] },
    { _id: 'texas-only', name: 'Lone Star', phone: '+12145550403', active: true, states: ['TX'] },
  ]

  it('a Florida caller skips the unlicensed provider and reaches the licensed one; a state that asks for none keeps the order', async () => {
    const { deps } = await setup(settingsWith({ routing: true, recording: false }, florida))
    const phone = caller(OTHER_NUMBER, [['FromState', 'FL']])
    const first = await handleIncoming(phone.incoming(), deps)
    expect(numberOf(first.body)).toBe('+13055550402')
    // The unlicensed provider is not a later leg either: after the licensed one, the business line.
    const next = await handleStatus(phone.dialed(dialAction(first.body)!, 'no-answer'), deps)
    expect(numberOf(next.body)).toBe(BUSINESS)
    const { deps: noLicences } = await setup(settingsWith({ routing: true, recording: false, licenceStates: ['CA'] }, florida))
    expect(numberOf((await handleIncoming(caller(OTHER_NUMBER, [['FromState', 'FL']]).incoming(), noLicences)).body)).toBe('+13055550401')
    await deps.recorder.idle()
    await noLicences.recorder.idle()
  })
})
