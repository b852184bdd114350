import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { callerOptedOut } from './optOuts.ts'
import { sendMessage, type TwilioMessages } from './twilioMessages.ts'

/**
 * The site-wide budget of texts to callers: at most `perHour` handed to Twilio in any hour (Site settings → Call
 * tracking → "Texts per hour", default 30), so a flood of missed calls from chosen numbers cannot run up a bill.
 * Past it a text waits (status `waiting`) and goes out, oldest first, once the hour's sends have fallen below the
 * budget: when the next text is written, or by the timer each instance runs (`waitingTextsTimer`). Waiting texts
 * are the Calls tool's alarm (`textAlarm`).
 *
 * A send is claimed by one conditional update (the row moves to `sending` only while the last hour's sends are
 * under the budget), so one instance never sends a text twice; two instances claiming in the same instant on
 * PostgreSQL may each see room for the last text of the hour, so the budget can be passed by one per instance.
 */
export const TEXT_DEFAULTS = { perHour: 30 } as const

export const HOUR_MS = 3_600_000
/** Sends tried per text: a refusal is tried again this often, then left listed as failed. */
export const MAX_TEXT_ATTEMPTS = 3
/** A send claimed this long ago and never finished (the process stopped mid-send) is given up as failed. */
const STUCK_MS = 10 * 60_000

/** Texts handed to Twilio in the hour before `now`. */
export async function sentInHour(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db.selectFrom('voice_texts').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', '>', now - HOUR_MS).where('status', 'in', ['sent', 'sending']).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Claims a text for sending while the hour's sends are under `perHour`; false: over the budget (or already taken). */
export async function claimSend(db: Kysely<Database>, callSid: string, perHour: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('voice_texts')
    .set({ status: 'sending', sent_at: now })
    .where('call_sid', '=', callSid)
    .where('status', 'in', ['pending', 'waiting', 'failed'])
    .where((eb) =>
      eb(
        eb.selectFrom('voice_texts as sent').select((inner) => inner.fn.countAll<number>().as('n')).where('sent.sent_at', '>', now - HOUR_MS).where('sent.status', 'in', ['sent', 'sending']),
        '<',
        perHour,
      ),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Hands one claimed text to Twilio and writes down what happened. A refusal is tried again, up to
 * MAX_TEXT_ATTEMPTS: by the voice queue (`retry: 'throw'`, the error is thrown) or by the next round of waiting
 * texts (`retry: 'wait'`); a refused send never counts against the hour's budget.
 */
export async function sendClaimed(db: Kysely<Database>, row: { callSid: string; to: string; from: string; body: string; attempts: number }, api: TwilioMessages, retry: 'throw' | 'wait'): Promise<void> {
  try {
    const sid = await sendMessage(api, { to: row.to, from: row.from, body: row.body })
    await db.updateTable('voice_texts').set((eb) => ({ status: 'sent', message_sid: sid, error: null, attempts: eb('attempts', '+', 1) })).where('call_sid', '=', row.callSid).execute()
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300)
    const again = row.attempts + 1 < MAX_TEXT_ATTEMPTS
    await db.updateTable('voice_texts').set((eb) => ({ status: again && retry === 'wait' ? 'waiting' : 'failed', error: message, sent_at: null, attempts: eb('attempts', '+', 1) })).where('call_sid', '=', row.callSid).execute()
    if (again && retry === 'throw') throw error
  }
}

/**
 * Sends the texts that waited for the budget, oldest first, while it has room. Each is checked again first:
 * a caller who replied STOP meanwhile is not texted. Returns how many went out.
 */
export async function sendWaitingTexts(db: Kysely<Database>, { perHour, api, now }: { perHour: number; api: TwilioMessages; now: number }): Promise<number> {
  await db.updateTable('voice_texts').set({ status: 'failed', error: 'The send was interrupted; not tried again.', sent_at: null }).where('status', '=', 'sending').where('sent_at', '<', now - STUCK_MS).execute()
  let sent = 0
  for (;;) {
    const room = perHour - (await sentInHour(db, now))
    if (room <= 0) return sent
    const waiting = await db.selectFrom('voice_texts').select(['call_sid', 'caller_key', 'to_number', 'from_number', 'body', 'attempts']).where('status', '=', 'waiting').orderBy('at').orderBy('call_sid').limit(room).execute()
    if (waiting.length === 0) return sent
    for (const row of waiting) {
      const stop = !row.to_number ? 'The caller’s number is no longer kept.' : (await callerOptedOut(db, row.caller_key)) ? 'The caller replied STOP.' : ''
      if (stop) {
        await db.updateTable('voice_texts').set({ status: 'skipped', error: stop }).where('call_sid', '=', row.call_sid).execute()
        continue
      }
      if (!(await claimSend(db, row.call_sid, perHour, now))) return sent
      await sendClaimed(db, { callSid: row.call_sid, to: row.to_number, from: row.from_number, body: row.body, attempts: Number(row.attempts) }, api, 'wait')
      sent++
    }
  }
}

/** What the Calls tool warns about: texts waiting for the budget, the oldest of them, and the hour's sends. */
export interface TextAlarm {
  waiting: number
  oldest: string | null
  sentLastHour: number
}

export async function textAlarm(db: Kysely<Database>, now: number): Promise<TextAlarm> {
  const row = await db.selectFrom('voice_texts').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')]).where('status', '=', 'waiting').executeTakeFirst()
  const oldest = row?.oldest === null || row?.oldest === undefined ? null : new Date(Number(row.oldest)).toISOString()
  return { waiting: Number(row?.n ?? 0), oldest, sentLastHour: await sentInHour(db, now) }
}

/**
 * Sends waiting texts every `everyMs` while any wait: each instance runs one (claims keep a text from going out
 * twice). Unref'd, so it never keeps a process alive; `stop` ends it.
 */
export function waitingTextsTimer(open: () => Promise<Kysely<Database>>, current: () => Promise<{ perHour: number; api: TwilioMessages | null } | undefined>, everyMs = 60_000): { stop(): void } {
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void (async () => {
      const now = await current()
      if (!now?.api) return
      const db = await open()
      const waiting = await db.selectFrom('voice_texts').select('call_sid').where('status', '=', 'waiting').limit(1).executeTakeFirst()
      if (waiting) await sendWaitingTexts(db, { perHour: now.perHour, api: now.api, now: Date.now() })
    })()
      .catch((error: unknown) => console.error(`[texts] waiting texts not sent: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        busy = false
      })
  }, everyMs)
  timer.unref?.()
  return { stop: () => clearInterval(timer) }
}

/** The Calls tool's alarm while texts wait for the budget (the report's `alarms`, kind `texts-waiting`). */
export function textsWaitingAlarms(alarm: TextAlarm | undefined): { kind: 'texts-waiting'; message: string }[] {
  if (!alarm || alarm.waiting === 0) return []
  const texts = alarm.waiting === 1 ? '1 text to a missed caller is' : `${alarm.waiting} texts to missed callers are`
  return [{ kind: 'texts-waiting', message: `${texts} waiting: ${alarm.sentLastHour} went out in the last hour, the site-wide budget (Site settings → Call tracking → Texts per hour). They go out as the hour frees up; many missed calls at once from unknown numbers can be text pumping.` }]
}
