import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { claimSend, MAX_TEXT_ATTEMPTS, sendClaimed, sendWaitingTexts, TEXT_DEFAULTS } from './budget.ts'
import { callerOptedOut } from './optOuts.ts'
import { textRefusal } from './rules.ts'
import { configuredMessages, type TwilioMessages } from './twilioMessages.ts'

export { MAX_TEXT_ATTEMPTS } from './budget.ts'
export { recordOptOut } from './optOuts.ts'
export { configuredMessages, sendMessage, TwilioError, type TwilioMessages } from './twilioMessages.ts'

/**
 * The missed-call text: one SMS from the number the caller rang, through Twilio's Messages API. Never twice to
 * one caller within the set hours, never to a caller who replied STOP, only to a real US number that is not
 * withheld and whose call did not fail STIR/SHAKEN (rules.ts), and within the site-wide texts-per-hour budget:
 * past it the text waits and goes out when the budget frees up (budget.ts). Written off the caller's path by
 * the voice queue (a job like any voice record): a failed send is thrown, so the queue tries it again, and
 * stays listed as failed in the Calls tool when every try failed.
 */
export interface TextBackJob {
  callSid: string
  /** The caller (E.164) and the tracking number they called. */
  to: string
  from: string
  callerKey: string
  /** The text as sent (Site settings' text with the business's name and the opt-out line: rules.ts finalText). */
  body: string
  onceEveryHours: number
  at: number
  /** Site settings → Call tracking → "Texts per hour" (default 30). */
  perHour?: number
  /** Twilio's StirVerstat of the call, when the webhook had it; else the stored call's is read. */
  stirVerstat?: string
}

const HOUR_MS = 3_600_000

async function stirVerstatOf(db: Kysely<Database>, job: TextBackJob): Promise<string> {
  if (job.stirVerstat) return job.stirVerstat
  const call = await db.selectFrom('voice_calls').select('stir_verstat').where('call_sid', '=', job.callSid).executeTakeFirst()
  return call?.stir_verstat ?? ''
}

/** Sends the text for one missed call unless the rules say not to; idempotent per call. */
export async function writeTextBack(db: Kysely<Database>, job: TextBackJob, api: TwilioMessages | null = configuredMessages()): Promise<void> {
  if (!job.to || !job.callerKey) return
  await db
    .insertInto('voice_texts')
    .values({ call_sid: job.callSid, caller_key: job.callerKey, to_number: job.to, from_number: job.from, at: job.at, status: 'pending', attempts: 0, message_sid: null, error: null, body: job.body.slice(0, 400) })
    .onConflict((conflict) => conflict.column('call_sid').doNothing())
    .execute()
  const row = await db.selectFrom('voice_texts').select(['status', 'attempts']).where('call_sid', '=', job.callSid).executeTakeFirstOrThrow()
  if (!['pending', 'failed'].includes(row.status) || Number(row.attempts) >= MAX_TEXT_ATTEMPTS) return
  const skip = (reason: string) => db.updateTable('voice_texts').set({ status: 'skipped', error: reason }).where('call_sid', '=', job.callSid).execute()
  const refusal = textRefusal({ to: job.to, stirVerstat: await stirVerstatOf(db, job) })
  if (refusal) return void (await skip(refusal))
  if (await callerOptedOut(db, job.callerKey)) return void (await skip('The caller replied STOP.'))
  const recent = await db
    .selectFrom('voice_texts')
    .select('call_sid')
    .where('caller_key', '=', job.callerKey)
    .where('call_sid', '!=', job.callSid)
    .where('status', 'in', ['sent', 'pending', 'waiting', 'sending'])
    .where('at', '>', job.at - job.onceEveryHours * HOUR_MS)
    .limit(1)
    .executeTakeFirst()
  if (recent) return void (await skip(`Texted within ${job.onceEveryHours} hours.`))
  if (!api) {
    await db.updateTable('voice_texts').set({ status: 'failed', error: 'No Twilio account is set up for texts.' }).where('call_sid', '=', job.callSid).execute()
    return
  }
  const perHour = job.perHour ?? TEXT_DEFAULTS.perHour
  // Texts that waited for the budget go first, oldest first.
  await sendWaitingTexts(db, { perHour, api, now: job.at })
  if (!(await claimSend(db, job.callSid, perHour, job.at))) {
    const error = `Over the budget of ${perHour} texts an hour: sent once it frees up.`
    await db.updateTable('voice_texts').set({ status: 'waiting', error }).where('call_sid', '=', job.callSid).where('status', 'in', ['pending', 'failed']).execute()
    return
  }
  await sendClaimed(db, { callSid: job.callSid, to: job.to, from: job.from, body: job.body, attempts: Number(row.attempts) }, api, 'throw')
}
