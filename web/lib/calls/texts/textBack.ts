import type { Kysely } from 'kysely'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/schema.ts'

/**
 * The missed-call text: one SMS from the number the caller rang, through Twilio's Messages API, never twice
 * to one caller within the set hours and never to a caller who replied STOP. Written off the caller's path
 * by the voice queue (a job like any voice record): a failed send is thrown, so the queue tries it again,
 * and stays listed as failed in the Calls tool when every try failed.
 */
export interface TextBackJob {
  callSid: string
  /** The caller (E.164) and the tracking number they called. */
  to: string
  from: string
  callerKey: string
  body: string
  onceEveryHours: number
  at: number
}

export interface TwilioMessages {
  accountSid: string
  authToken: string
  apiBase: string
}

/** Twilio's error answer: `{code, message, more_info, status}`. */
export class TwilioError extends Error {
  readonly status: number
  readonly code: number | null
  constructor(status: number, code: number | null, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded To, From, Body, basic auth: the message's sid. */
export async function sendMessage(api: TwilioMessages, message: { to: string; from: string; body: string }): Promise<string> {
  const url = `${api.apiBase}/2010-04-01/Accounts/${encodeURIComponent(api.accountSid)}/Messages.json`
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${api.accountSid}:${api.authToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ To: message.to, From: message.from, Body: message.body }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string }
  if (!response.ok || typeof answer.sid !== 'string') throw new TwilioError(response.status, answer.code ?? null, answer.message ?? `Twilio answered ${response.status}`)
  return answer.sid
}

/** The Messages API as configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_BASE), read when a text is sent. */
export const configuredMessages = (): TwilioMessages | null => readConfig(process.env).twilio

const HOUR_MS = 3_600_000
/** Sends tried per missed call: a refusal is tried again by the voice queue this often, then left listed as failed. */
export const MAX_TEXT_ATTEMPTS = 3

/** Sends the text for one missed call unless the rules say not to; idempotent per call. */
export async function writeTextBack(db: Kysely<Database>, job: TextBackJob, api: TwilioMessages | null = configuredMessages()): Promise<void> {
  if (!job.to || !job.callerKey) return
  await db
    .insertInto('voice_texts')
    .values({ call_sid: job.callSid, caller_key: job.callerKey, to_number: job.to, from_number: job.from, at: job.at, status: 'pending', attempts: 0, message_sid: null, error: null })
    .onConflict((conflict) => conflict.column('call_sid').doNothing())
    .execute()
  const row = await db.selectFrom('voice_texts').select(['status', 'attempts']).where('call_sid', '=', job.callSid).executeTakeFirstOrThrow()
  if (row.status === 'sent' || row.status === 'skipped' || Number(row.attempts) >= MAX_TEXT_ATTEMPTS) return
  const skip = (reason: string) => db.updateTable('voice_texts').set({ status: 'skipped', error: reason }).where('call_sid', '=', job.callSid).execute()
  const optOut = await db.selectFrom('voice_sms_optouts').select('stopped').where('caller_key', '=', job.callerKey).executeTakeFirst()
  if (optOut && Number(optOut.stopped) === 1) return void (await skip('The caller replied STOP.'))
  const recent = await db
    .selectFrom('voice_texts')
    .select('call_sid')
    .where('caller_key', '=', job.callerKey)
    .where('call_sid', '!=', job.callSid)
    .where('status', 'in', ['sent', 'pending'])
    .where('at', '>', job.at - job.onceEveryHours * HOUR_MS)
    .limit(1)
    .executeTakeFirst()
  if (recent) return void (await skip(`Texted within ${job.onceEveryHours} hours.`))
  if (!api) {
    await db.updateTable('voice_texts').set({ status: 'failed', error: 'No Twilio account is set up for texts.' }).where('call_sid', '=', job.callSid).execute()
    return
  }
  try {
    const sid = await sendMessage(api, { to: job.to, from: job.from, body: job.body })
    await db.updateTable('voice_texts').set((eb) => ({ status: 'sent', message_sid: sid, error: null, attempts: eb('attempts', '+', 1) })).where('call_sid', '=', job.callSid).execute()
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300)
    await db.updateTable('voice_texts').set((eb) => ({ status: 'failed', error: message, attempts: eb('attempts', '+', 1) })).where('call_sid', '=', job.callSid).execute()
    // Thrown so the voice queue tries again, until the attempts run out (the row then stays listed as failed).
    if (Number(row.attempts) + 1 < MAX_TEXT_ATTEMPTS) throw error
  }
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'])
const START_WORDS = new Set(['START', 'YES', 'UNSTOP'])

/** Twilio's opt-out and opt-in keywords: a whole message of one of them. */
export function optOutOf(body: string): boolean | null {
  const word = body.trim().toUpperCase()
  return STOP_WORDS.has(word) ? true : START_WORDS.has(word) ? false : null
}

export async function recordOptOut(db: Kysely<Database>, data: { callerKey: string; stopped: boolean; at: number }): Promise<void> {
  const values = { caller_key: data.callerKey, stopped: data.stopped ? 1 : 0, at: data.at }
  await db
    .insertInto('voice_sms_optouts')
    .values(values)
    .onConflict((conflict) => conflict.column('caller_key').doUpdateSet({ stopped: values.stopped, at: values.at }))
    .execute()
}
