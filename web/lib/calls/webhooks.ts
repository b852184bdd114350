import type { Kysely } from 'kysely'
import { isUsE164 } from '../phone.ts'
import { callerKey } from './callerKey.ts'
import { isTwilioSignatureValid, publicWebhookUrl } from './signature.ts'
import { forgetCallers, recordIncoming, recordOutcome, callStatusOf } from './store.ts'
import type { Database } from '../db/schema.ts'
import { afterDialTwiml, dialTwiml, hangupTwiml, rejectTwiml } from './twiml.ts'
import type { VoiceSettings } from './settings.ts'

/**
 * Twilio's two voice webhooks, without the framework: a signed form POST in, TwiML out. The answer is worked
 * out from what is in memory (the settings last read); the record is queued for the store and written when
 * it answers, so a slow or hanging database never keeps a caller in silence.
 */
export interface WebhookRequest {
  /** Path and query as received, e.g. /api/voice/status?recorded=1. */
  pathAndQuery: string
  signature: string | null
  /** The form body (application/x-www-form-urlencoded). */
  body: string
}

export interface WebhookAnswer {
  status: number
  body: string
  contentType: string
}

export interface VoiceDeps {
  authToken: string
  siteUrl: URL | string
  callerSecret: string
  /** The settings as last read, within a few milliseconds; undefined when none could be read in time. */
  settings(): Promise<VoiceSettings | undefined>
  recorder: VoiceRecorder
  now?: () => number
}

const TWIML = 'text/xml; charset=utf-8'
const DAY_MS = 86_400_000

function forbidden(): WebhookAnswer {
  return { status: 403, body: 'Forbidden.\n', contentType: 'text/plain; charset=utf-8' }
}

function verifiedParams(request: WebhookRequest, deps: VoiceDeps): URLSearchParams | null {
  const params = new URLSearchParams(request.body)
  const url = publicWebhookUrl(deps.siteUrl, request.pathAndQuery)
  if (!isTwilioSignatureValid(deps.authToken, request.signature, url, params)) return null
  const callSid = params.get('CallSid') ?? ''
  return /^CA[0-9a-f]{32}$/i.test(callSid) ? params : null
}

const e164 = (value: string | null) => (value && /^\+[1-9]\d{6,14}$/.test(value) ? value : '')

/** `POST /api/voice/incoming` ("A call comes in"): forward to the business line. */
export async function handleIncoming(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const to = e164(params.get('To'))
  const from = e164(params.get('From'))
  if (settings?.enabled && to) {
    const rules = { pool: settings.pool, campaignNumbers: settings.campaignNumbers }
    deps.recorder.enqueue(`incoming:${callSid}`, (db) =>
      // One transaction: a write that fails halfway leaves nothing, so its retry is not taken for a replay.
      db.transaction().execute((trx) => recordIncoming(trx, { callSid, to, from, callerKey: callerKey(deps.callerSecret, from), at: now }, rules)),
    )
  }
  if (!settings?.enabled || !isUsE164(settings.businessLine)) return { status: 200, body: rejectTwiml(), contentType: TWIML }
  return { status: 200, body: dialTwiml(settings.businessLine), contentType: TWIML }
}

/** `POST /api/voice/status` (the `<Dial action>`): the forwarded call's outcome, and what the caller hears next. */
export async function handleStatus(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  // The voicemail's own callback (Twilio keeps the recording): nothing more to say.
  if (new URL(request.pathAndQuery, 'http://x').searchParams.has('recorded')) return { status: 200, body: hangupTwiml(), contentType: TWIML }
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const dialStatus = params.get('DialCallStatus') ?? ''
  const talkSeconds = Number(params.get('DialCallDuration') ?? '0')
  const status = callStatusOf(dialStatus)
  const to = e164(params.get('To'))
  const from = e164(params.get('From'))
  if (settings?.enabled && to && dialStatus) {
    const rules = { pool: settings.pool, campaignNumbers: settings.campaignNumbers, minTalkSeconds: settings.minTalkSeconds, firstCallerDays: settings.firstCallerDays }
    const retentionMs = settings.callerRetentionDays * DAY_MS
    deps.recorder.enqueue(`status:${callSid}`, async (db) => {
      await db.transaction().execute((trx) => recordOutcome(trx, { callSid, to, from, callerKey: callerKey(deps.callerSecret, from), dialStatus, talkSeconds: Number.isFinite(talkSeconds) ? talkSeconds : 0, at: now }, rules))
      await deps.recorder.daily('forget-callers', now, () => forgetCallers(db, now - retentionMs))
    })
  }
  return { status: 200, body: afterDialTwiml(status, settings ?? { missedCall: 'message', missedMessage: '' }), contentType: TWIML }
}

/**
 * Writes to the call store one after another, off the caller's path. A request already queued in this
 * process is not queued again (Twilio's retry of a request whose record is still waiting for the store);
 * the store's own check catches retries across processes. At most `maxPending` writes wait: beyond that
 * the oldest is dropped and said on stderr (a store down for hours must not take the process's memory).
 */
export interface VoiceRecorder {
  enqueue(key: string, write: (db: Kysely<Database>) => Promise<unknown>): void
  /** Runs `task` at most once an hour per name (housekeeping after a write). */
  daily(name: string, now: number, task: () => Promise<unknown>): Promise<void>
  /** Resolves once every queued write has been tried. */
  idle(): Promise<void>
  /** Writes queued or under way. */
  pending(): number
}

export function voiceRecorder(open: () => Promise<Kysely<Database>>, { maxPending = 10_000, rememberKeys = 20_000, retries = 5, retryMs = 200 } = {}): VoiceRecorder {
  const queue: { key: string; write: (db: Kysely<Database>) => Promise<unknown> }[] = []
  const seen = new Set<string>()
  const lastRun = new Map<string, number>()
  let running: Promise<void> | null = null
  let writing = 0

  async function drain() {
    while (queue.length > 0) {
      const next = queue.shift()!
      writing = 1
      for (let attempt = 1; ; attempt++) {
        try {
          await next.write(await open())
          break
        } catch (error) {
          // A busy or briefly unreachable store: tried again (each write is idempotent), then given up on.
          if (attempt < retries) {
            await new Promise((resolve) => setTimeout(resolve, retryMs * attempt))
            continue
          }
          console.error(`[voice] not recorded (${next.key}): ${error instanceof Error ? error.message : String(error)}`)
          break
        }
      }
      writing = 0
    }
    running = null
  }

  return {
    enqueue(key, write) {
      if (seen.has(key)) return
      seen.add(key)
      if (seen.size > rememberKeys) seen.delete(seen.values().next().value!)
      queue.push({ key, write })
      if (queue.length > maxPending) console.error(`[voice] store not answering: dropped ${queue.shift()!.key}`)
      running ??= drain()
    },
    async daily(name, now, task) {
      if (now - (lastRun.get(name) ?? 0) < 3_600_000) return
      lastRun.set(name, now)
      await task()
    },
    async idle() {
      while (running) await running
    },
    pending: () => queue.length + writing,
  }
}
