import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { capPeriod, holdAnswered, takeLate } from '../../providers/caps.ts'
import type { UncheckedLeg } from '../routing/routing.ts'
import { writeTextBack, type TextBackJob } from '../texts/textBack.ts'
import { recordOutcome } from './callRecords.ts'
import { recordLeg, type CallLeg } from './legRecords.ts'
import type { JoinRules, QualifyRules } from './types.ts'

/**
 * The end of a call as the number's "Call status changes" webhook reports it (`POST /api/voice/status` with
 * `CallStatus` and no `DialCallStatus`): the other end signal beside the `<Dial action>`, whichever comes
 * first. A provider leg still ringing when the caller hung up is recorded as `caller-hung-up` (given back at
 * once, never counted against the caps) and the call is a missed call texted back under the usual rules. A
 * leg the provider answered is left to the Dial action, which carries the talk time. Acted on once: when the
 * Dial action has already ended the call, nothing is written.
 */
export interface CallEnded {
  callSid: string
  to: string
  from: string
  callerKey: string
  /** Twilio's CallStatus: completed, busy, no-answer, canceled or failed. */
  status: string
  at: number
  rules: JoinRules & QualifyRules
  /** The missed-call text, when Site settings send one to this caller. */
  text?: TextBackJob
}

export async function endCall(db: Kysely<Database>, ended: CallEnded): Promise<void> {
  const missed = await db.transaction().execute(async (trx) => {
    const takes = await trx.selectFrom('voice_provider_takes').selectAll().where('call_sid', '=', ended.callSid).where('expires_at', '>', 0).orderBy('seq').execute()
    let note = ''
    for (const take of takes) {
      if (Number(take.answered) === 1) return false
      const leg = parsedLeg(take.leg)
      if (!leg) continue
      await recordLeg(trx, { ...leg, outcome: 'caller-hung-up', talkSeconds: 0, ringSeconds: Math.max(0, Math.round((ended.at - Number(take.taken_at)) / 1000)) })
      note = `The caller hung up while ${leg.providerName || 'the provider'} was ringing.`
    }
    const handled = await trx.selectFrom('voice_webhooks').select('call_sid').where('endpoint', '=', 'status').where('call_sid', '=', ended.callSid).executeTakeFirst()
    if (handled) return false
    const call = await trx.selectFrom('voice_calls').select('status').where('call_sid', '=', ended.callSid).executeTakeFirst()
    if (call && call.status !== 'ringing') return false
    const endNote = note || 'The caller hung up before anyone answered.'
    return recordOutcome(trx, { callSid: ended.callSid, to: ended.to, from: ended.from, callerKey: ended.callerKey, dialStatus: 'no-answer', talkSeconds: 0, at: ended.at, endNote }, ended.rules, 'end')
  })
  if (missed && ended.text) await writeTextBack(db, ended.text)
}

function parsedLeg(json: string): CallLeg | null {
  try {
    const leg = JSON.parse(json) as CallLeg
    return typeof leg.callSid === 'string' && typeof leg.seq === 'number' ? leg : null
  } catch {
    return null
  }
}

/** A leg routed without the cap check, taken once the store answers (over the cap or not). */
export async function writeLateTake(db: Kysely<Database>, leg: UncheckedLeg): Promise<void> {
  await takeLate(db, leg.provider, capPeriod(leg.at, leg.timeZone), leg.at, leg.take)
}

/** The provider picked up (its whisper was asked for): its leg stays under way until the call's end signal. */
export async function writeLegAnswered(db: Kysely<Database>, data: { callSid: string; seq: number; at: number }): Promise<void> {
  await holdAnswered(db, data.callSid, data.seq, data.at)
}
