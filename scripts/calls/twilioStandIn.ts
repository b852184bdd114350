import { randomBytes } from 'node:crypto'
import { twilioSignature } from '../../web/lib/calls/webhooks/signature.ts'

/**
 * Twilio, as far as the site can see it: the signed form POSTs Twilio's voice platform sends for an inbound
 * call forwarded with `<Dial action>` — "A call comes in", then the Dial action with the forwarded leg's
 * outcome — with Twilio's parameters, in Twilio's order, signed as Twilio signs them. `npm run calls:simulate`
 * and the tests play calls with it against a running site.
 */
export interface SimulatedCall {
  /** Where the site listens (http://127.0.0.1:3000). */
  site: string
  /** The URL Twilio is configured with and signs: the site's NEXT_PUBLIC_SITE_URL. */
  publicUrl: string
  authToken: string
  to: string
  from: string
  /** Seconds the business talked with the caller; 0 with a status other than completed. */
  talkSeconds: number
  /** The forwarded leg's DialCallStatus: completed, busy, no-answer, failed, canceled. */
  dialStatus?: string
  callSid?: string
  accountSid?: string
  /** Twilio's StirVerstat on "A call comes in", e.g. TN-Validation-Failed-B. */
  stirVerstat?: string
  /** What the caller says: one final Real-Time Transcription segment posted after the call. */
  said?: string
}

export interface SimulatedAnswer {
  status: number
  body: string
  ms: number
}

export const newSid = (prefix: string) => prefix + randomBytes(16).toString('hex')

export function incomingParams(call: Required<Pick<SimulatedCall, 'to' | 'from' | 'callSid' | 'accountSid'>> & { stirVerstat?: string }): [string, string][] {
  const stir: [string, string][] = call.stirVerstat ? [['StirVerstat', call.stirVerstat]] : []
  return [
    ['AccountSid', call.accountSid],
    ['ApiVersion', '2010-04-01'],
    ['CallSid', call.callSid],
    ['CallStatus', 'ringing'],
    ['Called', call.to],
    ['CalledCountry', 'US'],
    ['Caller', call.from],
    ['CallerCountry', 'US'],
    ['Direction', 'inbound'],
    ['From', call.from],
    ['FromCountry', 'US'],
    ...stir,
    ['To', call.to],
    ['ToCountry', 'US'],
  ]
}

/**
 * The `<Dial action>` request: the parent call's parameters with its CallStatus — `in-progress` while the caller
 * is still on the line, `completed` once the caller has hung up (then Twilio ignores the TwiML answered) — and
 * the dialed leg's DialCallStatus, DialCallDuration, DialCallSid and DialBridged.
 */
export function dialActionParams(call: Required<Pick<SimulatedCall, 'to' | 'from' | 'callSid' | 'accountSid' | 'talkSeconds' | 'dialStatus'>> & { callerHungUp?: boolean }): [string, string][] {
  const completed = call.dialStatus === 'completed'
  return [
    ...incomingParams(call).map(([name, value]) => [name, name === 'CallStatus' ? (call.callerHungUp ? 'completed' : 'in-progress') : value] as [string, string]),
    ['DialBridged', completed ? 'true' : 'false'],
    ['DialCallDuration', String(completed ? call.talkSeconds : 0)],
    ['DialCallSid', newSid('CA')],
    ['DialCallStatus', call.dialStatus],
  ]
}

/**
 * The number's "Call status changes" webhook (its StatusCallback) once the call is over: the call's parameters
 * with the final CallStatus (completed, busy, no-answer, canceled, failed), CallDuration in seconds, and the
 * callback's own Timestamp, CallbackSource and SequenceNumber — no DialCallStatus.
 */
export function statusCallbackParams(call: Required<Pick<SimulatedCall, 'to' | 'from' | 'callSid' | 'accountSid'>> & { status: string; duration: number }): [string, string][] {
  return [
    ...incomingParams(call).map(([name, value]) => [name, name === 'CallStatus' ? call.status : value] as [string, string]),
    ['CallDuration', String(call.duration)],
    ['CallbackSource', 'call-progress-events'],
    ['SequenceNumber', '0'],
    ['Timestamp', new Date().toUTCString()],
  ]
}

/** One signed Twilio request: the path is resolved against the public URL for the signature, sent to the site. */
export async function twilioPost(site: string, publicUrl: string, authToken: string, pathAndQuery: string, params: [string, string][], { signature }: { signature?: string | null } = {}): Promise<SimulatedAnswer> {
  const signed = new URL(pathAndQuery, publicUrl).toString()
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1', 'i-twilio-idempotency-token': randomBytes(8).toString('hex') }
  const sig = signature === undefined ? twilioSignature(authToken, signed, params) : signature
  if (sig !== null) headers['x-twilio-signature'] = sig
  const started = performance.now()
  const response = await fetch(new URL(pathAndQuery, site), { method: 'POST', headers, body: new URLSearchParams(params).toString() })
  const body = await response.text()
  return { status: response.status, body, ms: performance.now() - started }
}

/** The Dial verb's action URL in a TwiML answer, or null when the answer does not forward the call. */
export function dialAction(twiml: string): string | null {
  return /<Dial\b[^>]*\baction="([^"]+)"/.exec(twiml)?.[1]?.replaceAll('&amp;', '&') ?? null
}

/** Plays one call: "A call comes in", and when the site forwards it, the Dial action with the outcome. */
export async function simulateCall(input: SimulatedCall): Promise<{ callSid: string; incoming: SimulatedAnswer; status: SimulatedAnswer | null }> {
  const call = { to: input.to, from: input.from, callSid: input.callSid ?? newSid('CA'), accountSid: input.accountSid ?? newSid('AC'), talkSeconds: input.talkSeconds, dialStatus: input.dialStatus ?? 'completed' }
  const incoming = await twilioPost(input.site, input.publicUrl, input.authToken, '/api/voice/incoming', incomingParams({ ...call, stirVerstat: input.stirVerstat }))
  const action = incoming.status === 200 ? dialAction(incoming.body) : null
  if (!action) return { callSid: call.callSid, incoming, status: null }
  const status = await twilioPost(input.site, input.publicUrl, input.authToken, action, dialActionParams(call))
  if (input.said) await twilioPost(input.site, input.publicUrl, input.authToken, '/api/voice/transcription', transcriptionParams({ callSid: call.callSid, accountSid: call.accountSid, transcript: input.said, sequence: 1 }))
  return { callSid: call.callSid, incoming, status }
}

/** The `<Dial recordingStatusCallback>` Twilio posts once a dialed call's recording is ready. */
export function recordingParams(call: { callSid: string; accountSid: string; recordingSid: string; seconds: number }): [string, string][] {
  return [
    ['AccountSid', call.accountSid],
    ['CallSid', call.callSid],
    ['RecordingChannels', '2'],
    ['RecordingDuration', String(call.seconds)],
    ['RecordingSid', call.recordingSid],
    ['RecordingSource', 'DialVerb'],
    ['RecordingStartTime', new Date().toUTCString()],
    ['RecordingStatus', 'completed'],
    ['RecordingTrack', 'both'],
    ['RecordingUrl', `https://api.twilio.com/2010-04-01/Accounts/${call.accountSid}/Recordings/${call.recordingSid}`],
  ]
}

/** One Real-Time Transcription callback (`<Start><Transcription statusCallbackUrl>`): a final segment of one side. */
export function transcriptionParams(call: { callSid: string; accountSid: string; transcript: string; track?: 'inbound_track' | 'outbound_track'; sequence: number; final?: boolean }): [string, string][] {
  return [
    ['AccountSid', call.accountSid],
    ['CallSid', call.callSid],
    ['Final', String(call.final ?? true)],
    ['LanguageCode', 'en-US'],
    ['SequenceId', String(call.sequence)],
    ['Timestamp', new Date().toISOString()],
    ['Track', call.track ?? 'inbound_track'],
    ['TranscriptionData', JSON.stringify({ transcript: call.transcript, confidence: 0.93 })],
    ['TranscriptionEvent', 'transcription-content'],
    ['TranscriptionSid', newSid('GT')],
  ]
}

/** `<Record transcribe>`'s callback: the voicemail's text. */
export function voicemailTranscriptionParams(call: { callSid: string; accountSid: string; recordingSid: string; text: string }): [string, string][] {
  return [
    ['AccountSid', call.accountSid],
    ['CallSid', call.callSid],
    ['RecordingSid', call.recordingSid],
    ['RecordingUrl', `https://api.twilio.com/2010-04-01/Accounts/${call.accountSid}/Recordings/${call.recordingSid}`],
    ['TranscriptionSid', newSid('TR')],
    ['TranscriptionStatus', 'completed'],
    ['TranscriptionText', call.text],
    ['TranscriptionUrl', `https://api.twilio.com/2010-04-01/Accounts/${call.accountSid}/Transcriptions/x`],
  ]
}
