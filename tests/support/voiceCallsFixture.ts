import { openVoiceDb } from '../../web/lib/calls/store/db.ts'
import { recordIncoming, recordOutcome } from '../../web/lib/calls/store/store.ts'
import { recordTranscriptSegment } from '../../web/lib/calls/outcomes/media.ts'
import { outcomeRules } from '../../web/lib/calls/outcomes/rules.ts'

/**
 * A morning of tracked calls in a call store file, recorded through the store's own writers with the default
 * outcome rules: a lead from a Google click, a telemarketer heard on the transcript, a spoofed caller ID, an
 * existing customer, a missed call and a Microsoft Ads lead. Returns the calls' ids by name.
 */
export async function seedVoiceCalls(file: string, now = Date.now()): Promise<Record<string, string>> {
  const db = await openVoiceDb(file)
  const outcomes = outcomeRules(null, { minTalkSeconds: 60, firstCallerDays: 30, businessLine: '+13125550150' })
  const rules = { pool: [], campaignNumbers: new Map<string, string>(), minTalkSeconds: 60, firstCallerDays: 30, outcomes }
  const ids: Record<string, string> = {}
  const plays: [string, { talk: number; status?: string; stir?: string; said?: string; click?: [string, string]; from: string }][] = [
    ['lead', { talk: 140, click: ['gclid', 'Cj0KCQ-lead'], from: '+15125550134' }],
    ['telemarketer', { talk: 75, said: "Hi, I'm calling about your business listing on Google Maps.", from: '+12145550177' }],
    ['spoofed', { talk: 90, stir: 'TN-Validation-Failed-B', from: '+18005550111' }],
    ['customer', { talk: 80, said: 'My technician came Tuesday and I have a question.', from: '+15125550188' }],
    ['missed', { talk: 0, status: 'no-answer', from: '+15125550199' }],
    ['bing', { talk: 95, click: ['msclkid', 'f894f652ea334e739002f7167ab8f8e3'], from: '+15125550166' }],
  ]
  let at = now - plays.length * 600_000
  for (const [name, play] of plays) {
    const callSid = `CA${Buffer.from(name).toString('hex').padEnd(32, '0').slice(0, 32)}`
    ids[name] = callSid
    await recordIncoming(db, { callSid, to: '+13125550161', from: play.from, callerKey: play.from, at, ...(play.stir ? { stirVerstat: play.stir } : {}) }, rules)
    if (play.click) await db.updateTable('voice_calls').set({ click_kind: play.click[0], click_id: play.click[1], page: '/ants', keyword: 'ant control', location: 'Austin, TX', landed_at: at - 120_000 }).where('call_sid', '=', callSid).execute()
    await recordOutcome(db, { callSid, to: '+13125550161', from: play.from, callerKey: play.from, dialStatus: play.status ?? 'completed', talkSeconds: play.talk, at: at + play.talk * 1000 }, rules)
    if (play.said) await recordTranscriptSegment(db, { callSid, source: 'live', track: 'inbound_track', sequence: 1, text: play.said, at: at + 30_000 }, outcomes)
    at += 600_000
  }
  await db.destroy()
  return ids
}
