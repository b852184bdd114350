import { describe, expect, it } from 'vitest'
import { openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import { twilioSignature } from '../webhooks/signature'
import { dialAction, dialActionParams, incomingParams, newSid } from '../../../../scripts/calls/twilioStandIn.ts'
import { messagesForTests } from '../../../../tests/support/voiceHarness.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleSmsIncoming } from '../webhooks/provider'
import { voiceRecorder } from '../store/voiceQueue'
import { isWithheldCaller } from '../withheld'
import { finalText, isTextableUsNumber, keywordOf, OPT_OUT_LINE } from './rules'
import { sendWaitingTexts, textAlarm } from './budget'
import { configuredMessages } from './twilioMessages'
import { buildVoiceReport } from '../report'

/**
 * Texts carriers accept, only to real US callers, on a budget: missed calls and incoming texts through the real
 * webhooks (Twilio's signed requests), the real store (SQLite in memory), and Twilio's Messages API on loopback
 * (scripts/calls/messagesStandIn.ts).
 */
const TOKEN = 'test-auth-token'
const ACCOUNT = 'AC' + 'ef'.repeat(16)
const SERVICE = 'MG' + '12'.repeat(16)
const SITE = 'https://leads.example.com'
const POOL = ['+13125550161', '+13125550162']
const PHONE = '+18885550142'
const WED = Date.UTC(2026, 10, 25, 16)
const BRAND = 'Local Pest Experts'

function settingsWith(fields: Record<string, unknown> = {}): VoiceSettings {
  const base = { enabled: true, businessLine: '', pool: POOL, missedMessage: 'Sorry we missed you.', routing: true, textBack: { enabled: true, body: 'Sorry we missed your call. A local pro will call you back shortly', onceEveryHours: 24 }, ...fields }
  return voiceSettings(base, { phone: PHONE, brandName: BRAND, providers: [] })
}

const messages = messagesForTests(ACCOUNT, TOKEN, { TWILIO_MESSAGING_SERVICE_SID: SERVICE })

async function setup(settings: VoiceSettings, now: { t: number }) {
  const db = await openVoiceDb(':memory:')
  const recorder = voiceRecorder(async () => db, { retryMs: 1 })
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, now: () => now.t }
  return { db, deps }
}

const signed = (path: string, params: [string, string][]) => ({ pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + path, params) })

/** A missed call from `from`: no provider and no business line, so the caller is missed at once. */
async function missedCall(deps: VoiceDeps, from: string, to = POOL[1]!) {
  await handleIncoming(signed('/api/voice/incoming', incomingParams({ to, from, callSid: newSid('CA'), accountSid: ACCOUNT })), deps)
}

const sms = (deps: VoiceDeps, from: string, body: string) => handleSmsIncoming(signed('/api/sms/incoming', [['MessageSid', newSid('SM')], ['AccountSid', ACCOUNT], ['From', from], ['To', POOL[1]!], ['Body', body]]), deps)
const sentTo = (number: string) => messages.sent.filter((message) => message.to === number)

describe('texts carriers accept', () => {
  it('goes through the Messaging Service, names the business and ends with the opt-out line', async () => {
    const now = { t: WED }
    const { deps } = await setup(settingsWith(), now)
    await missedCall(deps, '+14695550201')
    await deps.recorder.idle()
    expect(sentTo('+14695550201')).toEqual([
      { accountSid: ACCOUNT, to: '+14695550201', from: POOL[1], messagingServiceSid: SERVICE, body: `${BRAND}: Sorry we missed your call. A local pro will call you back shortly. ${OPT_OUT_LINE}`, sid: expect.stringMatching(/^SM/) },
    ])
    expect(configuredMessages()?.messagingServiceSid).toBe(SERVICE)
  })

  it('keeps a text that already names the business and says how to stop as it is', () => {
    expect(finalText('Local Pest Experts missed you. Reply STOP to end texts.', BRAND)).toBe('Local Pest Experts missed you. Reply STOP to end texts.')
    expect(finalText('  Missed you!  ', BRAND)).toBe(`${BRAND}: Missed you! ${OPT_OUT_LINE}`)
  })

  it('answers HELP or INFO once with the business and its phone; not when Advanced Opt-Out answers, never abroad', async () => {
    const { deps } = await setup(settingsWith(), { t: WED })
    for (const word of ['HELP', 'info']) {
      const answer = await sms(deps, '+14695550202', word)
      expect(answer.body.match(/<Message>/g)).toHaveLength(1)
      expect(answer.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${BRAND}: For help call (888) 555-0142. Msg &amp; data rates may apply. ${OPT_OUT_LINE}</Message></Response>`)
    }
    expect((await sms(deps, '+447911123456', 'HELP')).body).not.toContain('<Message>')
    const { deps: advanced } = await setup(settingsWith({ advancedOptOut: true }), { t: WED })
    expect((await sms(advanced, '+14695550202', 'HELP')).body).not.toContain('<Message>')
    // Anything else is not answered.
    expect((await sms(deps, '+14695550202', 'help me please')).body).not.toContain('<Message>')
  })

  it('"Stop" and "UNSUBSCRIBE" stop texts in any case, "start" resumes them', async () => {
    const now = { t: WED }
    const { deps } = await setup(settingsWith({ textBack: { enabled: true, body: 'Sorry we missed you.', onceEveryHours: 1 } }), now)
    const [first, second] = ['+14695550203', '+14695550204']
    await sms(deps, first, 'Stop')
    await sms(deps, second, 'UNSUBSCRIBE')
    await deps.recorder.idle()
    await missedCall(deps, first)
    await missedCall(deps, second)
    await deps.recorder.idle()
    expect([...sentTo(first), ...sentTo(second)]).toEqual([])
    await sms(deps, first, 'start')
    await deps.recorder.idle()
    now.t += 2 * 3_600_000
    await missedCall(deps, first)
    await missedCall(deps, second)
    await deps.recorder.idle()
    expect(sentTo(first)).toHaveLength(1)
    expect(sentTo(second)).toHaveLength(0)
  })
})

describe('texts only to real US callers, on a budget', () => {
  it('sends nothing for missed calls from +44, +234 or a call that failed STIR/SHAKEN', async () => {
    const now = { t: WED }
    // Forwarded to a business line that does not answer: the missed call is learnt from the Dial action.
    const { db, deps } = await setup(settingsWith({ routing: false, businessLine: '+13125550150', outcomes: undefined }), now)
    const before = messages.sent.length
    for (const [from, stirVerstat] of [['+447911123456', ''], ['+2348031234567', ''], ['+14695550205', 'TN-Validation-Failed-A']] as const) {
      const call = { to: POOL[0]!, from, callSid: newSid('CA'), accountSid: ACCOUNT, ...(stirVerstat ? { stirVerstat } : {}) }
      const answer = await handleIncoming(signed('/api/voice/incoming', incomingParams(call)), deps)
      await handleStatus(signed(dialAction(answer.body)!, dialActionParams({ ...call, talkSeconds: 0, dialStatus: 'no-answer' })), deps)
    }
    await deps.recorder.idle()
    expect(messages.sent.length).toBe(before)
    const rows = await db.selectFrom('voice_texts').select(['to_number', 'status', 'error']).orderBy('to_number').execute()
    expect(rows).toEqual([
      { to_number: '+14695550205', status: 'skipped', error: 'The call failed STIR/SHAKEN: its caller ID may be forged.' },
      { to_number: '+2348031234567', status: 'skipped', error: 'Not a US number that can take texts.' },
      { to_number: '+447911123456', status: 'skipped', error: 'Not a US number that can take texts.' },
    ])
  })

  it('never texts a withheld caller', async () => {
    const { db, deps } = await setup(settingsWith(), { t: WED })
    const before = messages.sent.length
    for (const from of ['Anonymous', 'Restricted', 'Unavailable', '', '+266696687', '+7378742833', '+2562533', '+8656696']) await missedCall(deps, from)
    await deps.recorder.idle()
    expect(messages.sent.length).toBe(before)
    expect(await db.selectFrom('voice_texts').select('status').where('status', '=', 'sent').execute()).toEqual([])
  })

  it('the 31st text in an hour waits, the Calls tool shows the alarm, and it goes out once the hour has room', async () => {
    const now = { t: WED }
    const { db, deps } = await setup(settingsWith(), now)
    const callers = Array.from({ length: 31 }, (_, index) => `+1469555${String(1000 + index).padStart(4, '0')}`)
    for (const from of callers) {
      await missedCall(deps, from)
      now.t += 60_000
    }
    await deps.recorder.idle()
    expect(callers.filter((from) => sentTo(from).length === 1)).toEqual(callers.slice(0, 30))
    const last = callers[30]!
    expect(await db.selectFrom('voice_texts').select(['status', 'error']).where('to_number', '=', last).executeTakeFirst()).toEqual({ status: 'waiting', error: 'Over the budget of 30 texts an hour: sent once it frees up.' })
    const alarm = await textAlarm(db, now.t)
    expect(alarm).toEqual({ waiting: 1, oldest: new Date(WED + 30 * 60_000).toISOString(), sentLastHour: 30 })
    // What the Calls tool shows first (the report's alarms).
    const report = buildVoiceReport([], [], [], { routing: { legs: [], timeZone: 'America/Chicago', failedTexts: [], since: 0, textAlarm: alarm } })
    expect(report.alarms).toEqual([{ kind: 'texts-waiting', message: expect.stringMatching(/^1 text to a missed caller is waiting: 30 went out in the last hour/) }])
    // Not yet: the hour still holds 30 sends.
    expect(await sendWaitingTexts(db, { perHour: 30, api: configuredMessages()!, now: now.t })).toBe(0)
    // An hour after the first send the budget has room again.
    expect(await sendWaitingTexts(db, { perHour: 30, api: configuredMessages()!, now: WED + 3_600_000 + 1 })).toBe(1)
    expect(sentTo(last)).toHaveLength(1)
    expect((await textAlarm(db, WED + 3_600_001)).waiting).toBe(0)
  })

  it('a waiting text is not sent to a caller who replied STOP meanwhile', async () => {
    const now = { t: WED }
    const { db, deps } = await setup(settingsWith({ textsPerHour: 1 }), now)
    await missedCall(deps, '+14695550301')
    await missedCall(deps, '+14695550302')
    await deps.recorder.idle()
    expect(sentTo('+14695550302')).toHaveLength(0)
    await sms(deps, '+14695550302', 'quit')
    await deps.recorder.idle()
    expect(await sendWaitingTexts(db, { perHour: 1, api: configuredMessages()!, now: WED + 2 * 3_600_000 })).toBe(0)
    expect(sentTo('+14695550302')).toHaveLength(0)
    expect(await db.selectFrom('voice_texts').select('status').where('to_number', '=', '+14695550302').executeTakeFirst()).toEqual({ status: 'skipped' })
  })
})

describe('who a text may go to', () => {
  it('takes US numbers only: +1, a US area code, an exchange from 2 to 9 and not N11', () => {
    expect(isTextableUsNumber('+14695550127')).toBe(true)
    for (const number of ['+447911123456', '+2348031234567', '+16135550123', '+17875550123', '+12125111234', '+12120551234', '+12007363100', '+1469555012', '']) expect([number, isTextableUsNumber(number)]).toEqual([number, false])
  })

  it('knows a withheld caller however it arrives', () => {
    for (const from of ['Anonymous', 'RESTRICTED', 'unavailable', '', '  ', '+266696687', '+7378742833', '+2562533', '+8656696', null]) expect([from, isWithheldCaller(from)]).toEqual([from, true])
    expect(isWithheldCaller('+14695550127')).toBe(false)
  })

  it('reads the opt-out, opt-in and help words as Twilio does: a whole message, any case', () => {
    expect(['STOP', 'stopall', ' Unsubscribe ', 'cancel', 'END', 'quit', 'Revoke', 'optout'].map(keywordOf)).toEqual(Array(8).fill('stop'))
    expect(['start', 'YES', 'Unstop'].map(keywordOf)).toEqual(['start', 'start', 'start'])
    expect(['help', 'INFO'].map(keywordOf)).toEqual(['help', 'help'])
    expect(['stop it', 'please stop', ''].map(keywordOf)).toEqual([null, null, null])
  })
})
