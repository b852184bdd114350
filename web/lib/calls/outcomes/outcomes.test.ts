import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { openVoiceDb } from '../store/db'
import { voiceSettings } from '../settings'
import { twilioSignature } from '../webhooks/signature'
import { callsSince, leaseNumber, type VisitFacts } from '../store/store'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleRecording, handleTranscription } from '../webhooks/media'
import { voiceRecorder } from '../store/voiceQueue'
import { exportConversions, exportGoogleAdjustments, exportMicrosoft } from '../exports/exportConversions'
import { answerRecording } from '../../../content/recordingPlayer'
import { studioAuth } from '../../campaigns/studioAuth'
import { deleteRecordingAt } from '../twilioRecordings'
import { markOutcome, outcomeHistory } from './records'
import { dialActionParams, incomingParams, newSid, recordingParams, transcriptionParams, voicemailTranscriptionParams } from '../../../../scripts/calls/twilioStandIn.ts'

const TOKEN = 'test-auth-token'
const SITE = 'https://leads.example.com'
const POOL = ['+13125550161', '+13125550162', '+13125550163']
const ACCOUNT = 'AC' + 'a'.repeat(32)
const settings = voiceSettings(
  { enabled: true, businessLine: '+13125550150', pool: POOL, timeZone: 'America/Chicago', missedCall: 'voicemail', missedMessage: 'Sorry.', recording: true, recordingNotice: 'This call is recorded.' },
  { phone: '+18885550142' },
)
const visit = (clickKind: VisitFacts['clickKind'], clickId: string): VisitFacts => ({ page: '/ants', keyword: 'ants', location: '', experiment: '', version: '', campaign: '', clickKind, clickId })
const signed = (path: string, params: [string, string][]) => ({ pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + path, params) })

async function setup() {
  const db = await openVoiceDb(':memory:')
  const now = { t: Date.UTC(2026, 10, 25, 15) }
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder: voiceRecorder(async () => db), now: () => now.t }
  let n = 0
  /** One call as Twilio plays it: a lease for the visit (if any), the call a minute later, its end after `talk` seconds. */
  async function call(facts: VisitFacts | null, talk: number, { stirVerstat, dialStatus = 'completed' }: { stirVerstat?: string; dialStatus?: string } = {}) {
    const to = facts ? (await leaseNumber(db, POOL, facts, now.t, 0))!.number : '+18885550142'
    now.t += 60_000
    const base = { to, from: `+1415555${String(100 + ++n).padStart(4, '0')}`, callSid: newSid('CA'), accountSid: ACCOUNT }
    const incoming = await handleIncoming(signed('/api/voice/incoming', incomingParams({ ...base, stirVerstat })), deps)
    now.t += talk * 1000
    await handleStatus(signed('/api/voice/status', dialActionParams({ ...base, talkSeconds: talk, dialStatus })), deps)
    await deps.recorder.idle()
    await db.updateTable('voice_pool').set({ leased_until: 0 }).execute()
    return { ...base, incoming }
  }
  const one = async (callSid: string) => (await callsSince(db, 0)).find((stored) => stored.callSid === callSid)!
  return { db, deps, now, call, one }
}

const servers: Server[] = []
afterAll(() => servers.forEach((server) => server.close()))
async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('recorded calls: recording, transcript, outcome', () => {
  it('announces and records an answered call; the signed recording callback stores its id, length and address', async () => {
    const { deps, call, one } = await setup()
    const placed = await call(null, 95)
    expect(placed.incoming.body).toContain('<Say>This call is recorded.</Say><Start><Transcription statusCallbackUrl="https://leads.example.com/api/voice/transcription"')
    expect(placed.incoming.body).toContain('record="record-from-answer-dual" recordingStatusCallback="https://leads.example.com/api/voice/recording"')
    const recordingSid = newSid('RE')
    const params = recordingParams({ callSid: placed.callSid, accountSid: ACCOUNT, recordingSid, seconds: 94 })
    expect((await handleRecording({ ...signed('/api/voice/recording', params), signature: 'forged' }, deps)).status).toBe(403)
    expect((await handleRecording(signed('/api/voice/recording', params), deps)).status).toBe(204)
    await deps.recorder.idle()
    expect(await one(placed.callSid)).toMatchObject({ recordingSid, recordingSeconds: 94, outcome: 'lead' })
  })

  it('a transcript saying “calling about your business listing” makes the call spam with that reason, even after it ended', async () => {
    const { db, deps, call, one } = await setup()
    const placed = await call(null, 95)
    expect((await one(placed.callSid)).outcome).toBe('lead')
    for (const [sequence, transcript] of [[1, 'Hello, this is Dana.'], [2, "Hi Dana, I'm calling about your business listing."]] as const) {
      await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: placed.callSid, accountSid: ACCOUNT, transcript, sequence, track: sequence === 1 ? 'outbound_track' : 'inbound_track' })), deps)
    }
    // A partial result is not stored.
    await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: placed.callSid, accountSid: ACCOUNT, transcript: 'schedule', sequence: 3, final: false })), deps)
    await deps.recorder.idle()
    expect(await one(placed.callSid)).toMatchObject({ outcome: 'spam', outcomeReason: 'The caller said “calling about your business listing”.', qualified: false })
    expect((await db.selectFrom('voice_transcripts').select('text').orderBy('sequence').execute()).map((row) => row.text)).toEqual(['Hello, this is Dana.', "Hi Dana, I'm calling about your business listing."])
    expect((await outcomeHistory(db, placed.callSid)).map((change) => `${change.fromOutcome}→${change.outcome}`)).toEqual(['→lead', 'lead→spam'])
  })

  it('a voicemail’s transcript judges a missed call; a failed STIR/SHAKEN attestation makes a call spam-suspect', async () => {
    const { deps, call, one } = await setup()
    const missed = await call(null, 0, { dialStatus: 'no-answer' })
    expect((await one(missed.callSid)).outcome).toBe('missed')
    await handleTranscription(signed('/api/voice/transcription?voicemail=1', voicemailTranscriptionParams({ callSid: missed.callSid, accountSid: ACCOUNT, recordingSid: newSid('RE'), text: 'Hi, can you come out Tuesday for termites?' })), deps)
    await deps.recorder.idle()
    // A voicemail is no conversation: it stays a missed call to call back, whatever it asks for…
    expect(await one(missed.callSid)).toMatchObject({ outcome: 'missed' })
    // …while what takes a call away from a lead counts however short.
    const robot = await call(null, 0, { dialStatus: 'no-answer' })
    await handleTranscription(signed('/api/voice/transcription?voicemail=1', voicemailTranscriptionParams({ callSid: robot.callSid, accountSid: ACCOUNT, recordingSid: newSid('RE'), text: 'This is about your Google listing, press one.' })), deps)
    await deps.recorder.idle()
    expect(await one(robot.callSid)).toMatchObject({ outcome: 'spam', outcomeReason: 'The caller said “google listing”.' })
    const spoofed = await call(null, 95, { stirVerstat: 'TN-Validation-Failed-C' })
    const stored = await one(spoofed.callSid)
    expect(stored.outcome).toBe('spam')
    expect(stored.outcomeReason).toMatch(/STIR\/SHAKEN/)
  })
})

describe('values out, and taken back', () => {
  it('marking an exported lead spam retracts it once by Order ID; a booked job restates its value; no call twice; msclkid goes to Microsoft only', async () => {
    const { db, now, call } = await setup()
    const junk = await call(visit('gclid', 'Cj0-junk_1'), 95)
    const booked = await call(visit('gclid', '-Cj0booked.2'), 120)
    const bing = await call(visit('msclkid', 'f894f652ea334e739002f7167ab8f8e3'), 90)
    const google = await exportConversions(db, settings, 'gclid', 0, now.t)
    expect(google.csv.split('\n').slice(1, 4)).toEqual([
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency,Order ID',
      `Cj0-junk_1,Qualified call,2026-11-25 09:01:00,50,USD,${junk.callSid}`,
      `-Cj0booked.2,Qualified call,2026-11-25 09:03:35,50,USD,${booked.callSid}`,
    ])
    expect(google.csv).not.toContain('f894f652')
    const microsoft = await exportMicrosoft(db, settings, 0, now.t)
    expect(microsoft.csv.split('\n').slice(0, 3)).toEqual([
      'Type,Status,Id,Parent Id,Client Id,Name,Conversion Currency Code,Conversion Name,Conversion Time,Conversion Value,Microsoft Click Id,Adjustment Type,Adjustment Value,Adjustment Time,Adjustment Currency Code',
      'Format Version,,,,,6.0,,,,,,,,,',
      `Offline Conversion,,,,${bing.callSid},,USD,Qualified call,11/25/2026 3:06:35 PM,50,f894f652ea334e739002f7167ab8f8e3,,,,`,
    ])
    // Nothing changed yet: no adjustments.
    expect((await exportGoogleAdjustments(db, settings, now.t)).rows).toEqual([])

    now.t += 3_600_000
    await markOutcome(db, { callSid: junk.callSid, outcome: 'spam', by: 'dana (shell)', at: now.t })
    await markOutcome(db, { callSid: booked.callSid, outcome: 'booked', value: 400, by: 'Office', at: now.t + 1000 })
    await markOutcome(db, { callSid: bing.callSid, outcome: 'not-a-lead', by: 'Office', at: now.t + 2000 })
    const adjustments = await exportGoogleAdjustments(db, settings, now.t + 5000)
    expect(adjustments.csv).toBe(
      [
        'Parameters:TimeZone=America/Chicago',
        'Order ID,Conversion Name,Adjustment Type,Adjustment Time,Adjusted Value,Adjusted Value Currency',
        `${junk.callSid},Qualified call,RETRACTION,2026-11-25 10:08:05,,`,
        `${booked.callSid},Qualified call,RESTATEMENT,2026-11-25 10:08:06,400,USD`,
        '',
      ].join('\n'),
    )
    // Stateless: served again, the same bytes.
    expect((await exportGoogleAdjustments(db, settings, now.t + 9000)).csv).toBe(adjustments.csv)
    const microsoftAfter = (await exportMicrosoft(db, settings, 0, now.t + 5000)).csv.trim().split('\n')
    expect(microsoftAfter.slice(2)).toEqual([`Offline Conversion,,,,${bing.callSid},,,Qualified call,11/25/2026 3:06:35 PM,,f894f652ea334e739002f7167ab8f8e3,Retract,,11/25/2026 4:08:07 PM,`])
    // The spam call is no longer a conversion; the booked one goes at its own value.
    const googleAfter = (await exportConversions(db, settings, 'gclid', 0, now.t)).csv
    expect(googleAfter).not.toContain('Cj0-junk_1')
    expect(googleAfter).toContain(`-Cj0booked.2,Qualified call,2026-11-25 09:03:35,400,USD,${booked.callSid}`)
    expect((await outcomeHistory(db, junk.callSid)).at(-1)).toMatchObject({ by: 'dana (shell)', fromOutcome: 'lead', outcome: 'spam' })
  })
})

describe('the recording player', () => {
  it('plays a recording to a Studio user only, fetched from Twilio with the account’s credentials', async () => {
    const { db, deps, call } = await setup()
    const placed = await call(null, 95)
    const recordingSid = newSid('RE')
    await handleRecording(signed('/api/voice/recording', recordingParams({ callSid: placed.callSid, accountSid: ACCOUNT, recordingSid, seconds: 94 })), deps)
    await deps.recorder.idle()
    const lake = await listen((request, response) => {
      const valid = request.headers.authorization === 'Bearer studio-token'
      response.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(valid ? { id: 'user-1', name: 'Dana' } : { message: 'Unauthorized' }))
    })
    const asked: string[] = []
    const twilioApi = await listen((request, response) => {
      asked.push(`${request.method} ${request.url} ${request.headers.authorization}`)
      response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3-audio'))
    })
    const player = { auth: studioAuth({ url: `${lake}/v2025-06-01/users/me` }), db: async () => db, twilio: { accountSid: ACCOUNT, authToken: 'tok', apiBase: twilioApi } }
    const play = (authorization: string | null) => answerRecording({ authorization, callSid: placed.callSid }, player)
    expect((await play(null)).status).toBe(401)
    expect((await play('Bearer someone-else')).status).toBe(401)
    expect(asked).toEqual([])
    const played = await play('Bearer studio-token')
    expect(played.status).toBe(200)
    expect(played.headers.get('content-type')).toBe('audio/mpeg')
    expect(await played.text()).toBe('ID3-audio')
    expect(asked).toEqual([`GET /2010-04-01/Accounts/${ACCOUNT}/Recordings/${recordingSid}.mp3 Basic ${Buffer.from(`${ACCOUNT}:tok`).toString('base64')}`])
  })

  it('deletes recordings and transcripts after the retention days, here and at Twilio by its DELETE', async () => {
    const { db, deps, now, call, one } = await setup()
    const placed = await call(null, 95)
    const recordingSid = newSid('RE')
    await handleRecording(signed('/api/voice/recording', recordingParams({ callSid: placed.callSid, accountSid: ACCOUNT, recordingSid, seconds: 94 })), deps)
    await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: placed.callSid, accountSid: ACCOUNT, transcript: 'How much for ants?', sequence: 1 })), deps)
    await deps.recorder.idle()
    const asked: string[] = []
    const twilioApi = await listen((request, response) => {
      asked.push(`${request.method} ${request.url}`)
      response.writeHead(204).end()
    })
    const account = { accountSid: ACCOUNT, authToken: 'tok', apiBase: twilioApi }
    const later: VoiceDeps = { ...deps, deleteRecording: (sid) => deleteRecordingAt(account, sid) }
    // 91 days later (the default keeps 90), the next call's status webhook runs the housekeeping.
    now.t += 91 * 86_400_000
    await handleStatus(signed('/api/voice/status', dialActionParams({ to: POOL[0]!, from: '+14155550199', callSid: newSid('CA'), accountSid: ACCOUNT, talkSeconds: 61, dialStatus: 'completed' })), later)
    await later.recorder.idle()
    expect(asked).toEqual([`DELETE /2010-04-01/Accounts/${ACCOUNT}/Recordings/${recordingSid}.json`])
    expect((await one(placed.callSid)).recordingSid).toBeNull()
    expect(await db.selectFrom('voice_transcripts').selectAll().execute()).toEqual([])
  })
})
