import { isUsE164 } from '../../phone.ts'
import { callerKey } from '../callerKey.ts'
import { isTwilioSignatureValid, publicWebhookUrl } from './signature.ts'
import { forgetCallers, callStatusOf } from '../store/store.ts'
import { joinRulesData } from '../store/voiceJobs.ts'
import type { VoiceRecorder } from '../store/voiceQueue.ts'
import { afterDialTwiml, dialTwiml, hangupTwiml, rejectTwiml, TWIML_HEAD } from './twiml.ts'
import { forgetOldRecordings, noteRecording } from './recordingJobs.ts'
import type { VoiceSettings } from '../settings.ts'
import { decodeState, legOutcome, legRecord, nextLeg, routeIncoming, ROUTING_BUDGET_MS, type NextLeg, type RoutingStore } from '../routing/routing.ts'
import { stirShakenFailed } from '../outcomes/decide.ts'
import { isWithheldCaller } from '../withheld.ts'
import type { TextBackJob } from '../texts/textBack.ts'
import { consented, consentedForCallback, consentStateOf } from '../consent/callerState.ts'
import { callerStateOf } from '../consent/recordingConsent.ts'
import { sayFirst, spokenReferral } from '../consent/referral.ts'

/**
 * Twilio's voice webhooks, without the framework: a signed form POST in, TwiML out. The answer is worked out
 * from what is in memory (the settings last read); the record is queued for the store and written when it
 * answers, so a slow or hanging database never keeps a caller in silence. A call's end is learnt from either
 * Twilio request, whichever comes first — the `<Dial action>` (whose parent CallStatus is `completed` once the
 * caller has hung up) or the number's "Call status changes" webhook — and each record is written once.
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
  /** How long routing waits for the store, in all, per webhook (default 2 s). */
  storeBudgetMs?: number
}

const TWIML = 'text/xml; charset=utf-8'
const DAY_MS = 86_400_000
/** The number's status callback reports these once the call is over. */
const CALL_ENDED = new Set(['completed', 'busy', 'no-answer', 'canceled', 'failed'])

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

/** Who called, as the store keeps them: a withheld caller ID is nobody's number and nobody's hash. */
function callerOf(params: URLSearchParams, deps: VoiceDeps): { from: string; key: string } {
  const raw = params.get('From')
  if (isWithheldCaller(raw)) return { from: '', key: '' }
  const from = e164(raw)
  return { from, key: callerKey(deps.callerSecret, from) }
}

const twiml = (body: string): WebhookAnswer => ({ status: 200, body, contentType: TWIML })
const budget = (deps: VoiceDeps) => ({ until: Date.now() + (deps.storeBudgetMs ?? ROUTING_BUDGET_MS) })

/** A leg rung without the cap check: its take is written once the store answers. */
function noteUnchecked(route: NextLeg, deps: VoiceDeps) {
  if (route.unchecked) deps.recorder.enqueue({ key: `take:${route.unchecked.take.callSid}:${route.unchecked.take.seq}`, kind: 'lateTake', data: route.unchecked })
}

/** Judged spam before routing (a failed STIR/SHAKEN attestation, or a caller on the blocked list): no provider rings. */
function notForProviders(params: URLSearchParams, from: string, settings: VoiceSettings): boolean {
  return (settings.outcomes.stirShaken && stirShakenFailed(params.get('StirVerstat') ?? '')) || (from !== '' && settings.outcomes.blockedCallers.includes(from))
}

/** `POST /api/voice/incoming` ("A call comes in"): forward to the business line, or with routing on ring the providers first (routing.ts). */
export async function handleIncoming(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const to = e164(params.get('To'))
  const { from, key } = callerOf(params, deps)
  if (settings?.enabled && to) {
    const stirVerstat = params.get('StirVerstat') ?? ''
    const call = { callSid, to, from, callerKey: key, at: now, ...(stirVerstat ? { stirVerstat } : {}) }
    deps.recorder.enqueue({ key: `incoming:${callSid}`, kind: 'incoming', data: { call, rules: { ...joinRulesData(settings), outcomes: settings.outcomes } } })
  }
  if (settings?.enabled && to && settings.routing.routing) {
    if (notForProviders(params, from, settings)) {
      // Compliance: recorded only where the caller's state allows it (consent/), the referral said before the ring.
      const callerState = await consentStateOf(params, settings, deps.routing, now, budget(deps).until)
      if (isUsE164(settings.businessLine)) return twiml(sayFirst(dialTwiml(settings.businessLine, recordingOf(consented(settings, callerState), deps), callerState), spokenReferral(settings)))
      return twiml(missedCall(callSid, to, { from, key }, 'no-answer', consented(settings, callerState), deps, now, { text: false }))
    }
    const search = new URL(request.pathAndQuery, 'http://x').searchParams
    const route = await routeIncoming(params, search, settings, deps.routing, now, budget(deps), { callSid, callerKey: key }, recordingOf(settings, deps))
    noteUnchecked(route, deps)
    // Compliance: the referral said out loud before the ZIP prompt or the first ring (not again after the ZIP step).
    if (route.twiml) return twiml(search.get('zip') === '1' ? route.twiml : sayFirst(route.twiml, spokenReferral(settings)))
    return twiml(missedCall(callSid, to, { from, key }, 'no-answer', consented(settings, callerStateOf(route.where?.state, params.get('FromState'))), deps, now))
  }
  if (!settings?.enabled || !isUsE164(settings.businessLine)) return twiml(rejectTwiml())
  // Compliance: recorded only where the caller's state allows it (consent/); the state rides in the action address.
  const callerState = await consentStateOf(params, settings, deps.routing, now, budget(deps).until)
  return twiml(dialTwiml(settings.businessLine, recordingOf(consented(settings, callerState), deps), callerState))
}

const qualifyRules = (settings: VoiceSettings) => ({ ...joinRulesData(settings), minTalkSeconds: settings.minTalkSeconds, firstCallerDays: settings.firstCallerDays, outcomes: settings.outcomes })

/** Records the call's end (answered or not) with the rules of the qualified call. */
function recordCallEnd(callSid: string, to: string, caller: { from: string; key: string }, dialStatus: string, talkSeconds: number, settings: VoiceSettings, deps: VoiceDeps, now: number, endNote = '') {
  const outcome = { callSid, to, from: caller.from, callerKey: caller.key, dialStatus, talkSeconds: Number.isFinite(talkSeconds) ? talkSeconds : -1, at: now, ...(endNote ? { endNote } : {}) }
  deps.recorder.enqueue({ key: `status:${callSid}`, kind: 'status', data: { outcome, rules: qualifyRules(settings) } })
  const retentionMs = settings.callerRetentionDays * DAY_MS
  deps.recorder.daily('forget-callers', now, (db) => forgetCallers(db, now - retentionMs))
  forgetOldRecordings(deps, settings, now)
}

/** The missed-call text for this caller, when Site settings send one and the caller can be texted. */
function textFor(callSid: string, to: string, caller: { from: string; key: string }, settings: VoiceSettings, now: number): TextBackJob | undefined {
  const text = settings.routing.textBack
  if (!text.enabled || !caller.from) return undefined
  return { callSid, to: caller.from, from: to, callerKey: caller.key, body: text.body, onceEveryHours: text.onceEveryHours, at: now, perHour: settings.textsPerHour }
}

/** Nobody answered: the call's end, the missed-call text when Site settings send one, and what the caller hears. */
function missedCall(callSid: string, to: string, caller: { from: string; key: string }, dialStatus: string, settings: VoiceSettings, deps: VoiceDeps, now: number, { note = '', text = true } = {}): string {
  recordCallEnd(callSid, to, caller, dialStatus, 0, settings, deps, now, note)
  const job = text ? textFor(callSid, to, caller, settings, now) : undefined
  if (job) deps.recorder.enqueue({ key: `text:${callSid}`, kind: 'textBack', data: job })
  return afterDialTwiml(callStatusOf(dialStatus), settings)
}

/** `POST /api/voice/status`: the `<Dial action>` (the forwarded leg's outcome, and what the caller hears next) or the number's status callback. */
export async function handleStatus(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  // The voicemail's own callback (Twilio keeps the recording): noted with the call; nothing more to say.
  if (new URL(request.pathAndQuery, 'http://x').searchParams.has('recorded')) {
    noteRecording(params, deps)
    return twiml(hangupTwiml())
  }
  const dialStatus = params.get('DialCallStatus') ?? ''
  if (!dialStatus) return callStatusChanged(params, deps)
  const now = deps.now?.() ?? Date.now()
  // Compliance: recording off, on every later leg and the voicemail, for a caller whose state does not allow it (consent/).
  const settings = consentedForCallback(await deps.settings(), request.pathAndQuery, params)
  const callSid = params.get('CallSid')!
  const talkSeconds = Number(params.get('DialCallDuration') ?? '0')
  const to = e164(params.get('To'))
  const caller = callerOf(params, deps)
  // Twilio ignores the TwiML of a Dial action whose caller has hung up: nothing more is rung for nobody.
  const callerGone = params.get('CallStatus') === 'completed'
  const state = decodeState(new URL(request.pathAndQuery, 'http://x').searchParams)
  if (settings?.enabled && to && state) {
    const outcome = legOutcome(dialStatus, params.get('DialBridged'), params.get('CallStatus') ?? '')
    const leg = legRecord(callSid, state, settings, outcome, talkSeconds, now, caller.key)
    deps.recorder.enqueue({ key: `leg:${callSid}:${state.leg}`, kind: 'leg', data: leg })
    if (outcome === 'answered') {
      recordCallEnd(callSid, to, caller, dialStatus, talkSeconds, settings, deps, now)
      return twiml(hangupTwiml())
    }
    if (outcome === 'caller-hung-up') {
      missedCall(callSid, to, caller, 'no-answer', settings, deps, now, { note: `The caller hung up while ${leg.providerName || 'the business line'} was ringing.` })
      return twiml(hangupTwiml())
    }
    const next = state.leg < state.ids.length ? await nextLeg({ ...state, leg: state.leg + 1 }, settings, deps.routing, now, budget(deps), { callSid, callerKey: caller.key }, recordingOf(settings, deps)) : { twiml: null }
    noteUnchecked(next, deps)
    if (next.twiml) return twiml(next.twiml)
    return twiml(missedCall(callSid, to, caller, outcome === 'busy' ? 'busy' : 'no-answer', settings, deps, now))
  }
  const status = callStatusOf(dialStatus)
  if (settings?.enabled && to && status !== 'answered') {
    const note = callerGone ? 'The caller hung up while the business line was ringing.' : ''
    const heard = missedCall(callSid, to, caller, dialStatus, settings, deps, now, { note })
    return twiml(callerGone ? hangupTwiml() : heard)
  }
  if (settings?.enabled && to) recordCallEnd(callSid, to, caller, dialStatus, talkSeconds, settings, deps, now)
  return twiml(afterDialTwiml(status, settings ?? { missedCall: 'message', missedMessage: '' }))
}

/** The number's "Call status changes" webhook: the call is over; whatever is still ringing for it is given back. */
async function callStatusChanged(params: URLSearchParams, deps: VoiceDeps): Promise<WebhookAnswer> {
  const status = params.get('CallStatus') ?? ''
  const settings = await deps.settings()
  const to = e164(params.get('To'))
  if (settings?.enabled && to && CALL_ENDED.has(status)) {
    const now = deps.now?.() ?? Date.now()
    const callSid = params.get('CallSid')!
    const caller = callerOf(params, deps)
    const text = textFor(callSid, to, caller, settings, now)
    const data = { callSid, to, from: caller.from, callerKey: caller.key, status, at: now, rules: qualifyRules(settings), ...(text ? { text } : {}) }
    deps.recorder.enqueue({ key: `end:${callSid}`, kind: 'callEnded', data })
  }
  return twiml(`${TWIML_HEAD}<Response/>`)
}
