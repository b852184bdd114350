import { isUsE164 } from '../../phone.ts'
import { callerKey } from '../callerKey.ts'
import { isTwilioSignatureValid, publicWebhookUrl } from './signature.ts'
import { forgetCallers, callStatusOf } from '../store/store.ts'
import { joinRulesData } from '../store/voiceJobs.ts'
import type { VoiceRecorder } from '../store/voiceQueue.ts'
import { afterDialTwiml, dialTwiml, hangupTwiml, rejectTwiml } from './twiml.ts'
import { forgetOldRecordings, noteRecording } from './recordingJobs.ts'
import type { VoiceSettings } from '../settings.ts'
import { decodeState, legOutcome, legRecord, nextLeg, routeIncoming, type RoutingStore } from '../routing/routing.ts'

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

export type { VoiceRecorder }

export interface VoiceDeps {
  authToken: string
  siteUrl: URL | string
  callerSecret: string
  /** The settings as last read, within a few milliseconds; undefined when none could be read in time. */
  settings(): Promise<VoiceSettings | undefined>
  recorder: VoiceRecorder
  now?: () => number
  /** Deletes a recording at Twilio (its documented DELETE); absent without the account's credentials. */
  deleteRecording?: (recordingSid: string) => Promise<void>
  /** The visits and the caps routing asks the store for; without it, calls are routed without either. */
  routing?: RoutingStore
  /** How long routing waits for the store, in all, per webhook (default 40 ms). */
  storeBudgetMs?: number
}

const TWIML = 'text/xml; charset=utf-8'
const DAY_MS = 86_400_000

export function forbidden(): WebhookAnswer {
  return { status: 403, body: 'Forbidden.\n', contentType: 'text/plain; charset=utf-8' }
}

export function verifiedParams(request: WebhookRequest, deps: VoiceDeps): URLSearchParams | null {
  const params = new URLSearchParams(request.body)
  const url = publicWebhookUrl(deps.siteUrl, request.pathAndQuery)
  if (!isTwilioSignatureValid(deps.authToken, request.signature, url, params)) return null
  const callSid = params.get('CallSid') ?? ''
  return /^CA[0-9a-f]{32}$/i.test(callSid) ? params : null
}

/** With recording on (Site settings → Call tracking), what every `<Dial>` needs to record and transcribe the call. */
const recordingOf = (settings: VoiceSettings, deps: VoiceDeps) => (settings.recording ? { notice: settings.recordingNotice, siteUrl: deps.siteUrl } : undefined)

const e164 = (value: string | null) => (value && /^\+[1-9]\d{6,14}$/.test(value) ? value : '')

/** `POST /api/voice/incoming` ("A call comes in"): forward to the business line, or with routing on ring the providers first (routing.ts). */
export async function handleIncoming(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const to = e164(params.get('To'))
  const from = e164(params.get('From'))
  if (settings?.enabled && to) {
    const stirVerstat = params.get('StirVerstat') ?? ''
    const call = { callSid, to, from, callerKey: callerKey(deps.callerSecret, from), at: now, ...(stirVerstat ? { stirVerstat } : {}) }
    deps.recorder.enqueue({ key: `incoming:${callSid}`, kind: 'incoming', data: { call, rules: { ...joinRulesData(settings), outcomes: settings.outcomes } } })
  }
  if (settings?.enabled && to && settings.routing.routing) {
    const search = new URL(request.pathAndQuery, 'http://x').searchParams
    const route = await routeIncoming(params, search, settings, deps.routing, now, { until: Date.now() + (deps.storeBudgetMs ?? 40) }, recordingOf(settings, deps))
    if (route.twiml) return { status: 200, body: route.twiml, contentType: TWIML }
    return { status: 200, body: missedCall(callSid, to, from, 'no-answer', settings, deps, now), contentType: TWIML }
  }
  if (!settings?.enabled || !isUsE164(settings.businessLine)) return { status: 200, body: rejectTwiml(), contentType: TWIML }
  return { status: 200, body: dialTwiml(settings.businessLine, recordingOf(settings, deps)), contentType: TWIML }
}

/** Records the call's end (answered or not) with the rules of the qualified call. */
function recordCallEnd(callSid: string, to: string, from: string, dialStatus: string, talkSeconds: number, settings: VoiceSettings, deps: VoiceDeps, now: number) {
  const rules = { ...joinRulesData(settings), minTalkSeconds: settings.minTalkSeconds, firstCallerDays: settings.firstCallerDays, outcomes: settings.outcomes }
  const outcome = { callSid, to, from, callerKey: callerKey(deps.callerSecret, from), dialStatus, talkSeconds: Number.isFinite(talkSeconds) ? talkSeconds : -1, at: now }
  deps.recorder.enqueue({ key: `status:${callSid}`, kind: 'status', data: { outcome, rules } })
  const retentionMs = settings.callerRetentionDays * DAY_MS
  deps.recorder.daily('forget-callers', now, (db) => forgetCallers(db, now - retentionMs))
  forgetOldRecordings(deps, settings, now)
}

/** Nobody answered: the call's end, the missed-call text when Site settings send one, and what the caller hears. */
function missedCall(callSid: string, to: string, from: string, dialStatus: string, settings: VoiceSettings, deps: VoiceDeps, now: number): string {
  recordCallEnd(callSid, to, from, dialStatus, 0, settings, deps, now)
  const text = settings.routing.textBack
  if (text.enabled && from) {
    const data = { callSid, to: from, from: to, callerKey: callerKey(deps.callerSecret, from), body: text.body, onceEveryHours: text.onceEveryHours, at: now }
    deps.recorder.enqueue({ key: `text:${callSid}`, kind: 'textBack', data })
  }
  return afterDialTwiml(callStatusOf(dialStatus), settings)
}

/** `POST /api/voice/status` (the `<Dial action>`): the forwarded call's outcome, and what the caller hears next. */
export async function handleStatus(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  // The voicemail's own callback (Twilio keeps the recording): noted with the call; nothing more to say.
  if (new URL(request.pathAndQuery, 'http://x').searchParams.has('recorded')) {
    noteRecording(params, deps)
    return { status: 200, body: hangupTwiml(), contentType: TWIML }
  }
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const dialStatus = params.get('DialCallStatus') ?? ''
  const talkSeconds = Number(params.get('DialCallDuration') ?? '0')
  const to = e164(params.get('To'))
  const from = e164(params.get('From'))
  const state = decodeState(new URL(request.pathAndQuery, 'http://x').searchParams)
  if (settings?.enabled && to && dialStatus && state) {
    const outcome = legOutcome(dialStatus, params.get('DialBridged'))
    const leg = legRecord(callSid, state, settings, outcome, talkSeconds, now)
    deps.recorder.enqueue({ key: `leg:${callSid}:${state.leg}`, kind: 'leg', data: leg })
    if (outcome === 'answered') {
      recordCallEnd(callSid, to, from, dialStatus, talkSeconds, settings, deps, now)
      return { status: 200, body: hangupTwiml(), contentType: TWIML }
    }
    const next = state.leg < state.ids.length ? await nextLeg({ ...state, leg: state.leg + 1 }, settings, deps.routing, now, { until: Date.now() + (deps.storeBudgetMs ?? 40) }, recordingOf(settings, deps)) : null
    if (next) return { status: 200, body: next, contentType: TWIML }
    return { status: 200, body: missedCall(callSid, to, from, outcome === 'busy' ? 'busy' : 'no-answer', settings, deps, now), contentType: TWIML }
  }
  const status = callStatusOf(dialStatus)
  if (settings?.enabled && to && dialStatus && status !== 'answered') {
    return { status: 200, body: missedCall(callSid, to, from, dialStatus, settings, deps, now), contentType: TWIML }
  }
  if (settings?.enabled && to && dialStatus) recordCallEnd(callSid, to, from, dialStatus, talkSeconds, settings, deps, now)
  return { status: 200, body: afterDialTwiml(status, settings ?? { missedCall: 'message', missedMessage: '' }), contentType: TWIML }
}
