import type { CallStatus } from '../store/store.ts'
import type { VoiceSettings } from '../settings.ts'

/** TwiML, Twilio's XML call instructions: the few verbs the site answers with. */
const XML = '<?xml version="1.0" encoding="UTF-8"?>'
export const TWIML_HEAD = XML

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)
}

export const STATUS_PATH = '/api/voice/status'
export const RECORDED_PATH = `${STATUS_PATH}?recorded=1`
export const RECORDING_PATH = '/api/voice/recording'
export const TRANSCRIPTION_PATH = '/api/voice/transcription'
export const VOICEMAIL_TRANSCRIPTION_PATH = `${TRANSCRIPTION_PATH}?voicemail=1`

/** Recording on (Site settings → Call tracking): the announcement, and the site's public address Twilio calls back. */
export interface RecordingTwiml {
  notice: string
  siteUrl: URL | string
}

const absolute = (siteUrl: URL | string, path: string) => escapeXml(new URL(path, siteUrl).toString())

/**
 * Forwards the call to the business line; Twilio posts the outcome to the status webhook when the forwarded leg
 * ends. With recording on, the caller first hears the announcement, Real-Time Transcription starts on both sides
 * (its segments posted to the transcription webhook), and the answered call is recorded, each side on its own
 * channel, the recording announced to the recording webhook. `callerState`, when the recording decision used it
 * (consent/recordingConsent.ts), rides in the signed action address (`st`), so the voicemail is judged the same way.
 */
export function dialTwiml(businessLine: string, recording?: RecordingTwiml, callerState?: string): string {
  // No callerId: Twilio then shows the business the caller's own number, so it can call back.
  const number = `<Number>${escapeXml(businessLine)}</Number>`
  const action = callerState && /^[A-Z]{2}$/.test(callerState) ? `${STATUS_PATH}?st=${callerState}` : STATUS_PATH
  return `${XML}<Response>${recordingOpening(recording)}<Dial action="${action}" method="POST" timeout="20" answerOnBridge="true"${recordingAttributes(recording)}>${number}</Dial></Response>`
}

/** With recording on, what the caller hears and starts before the first `<Dial>`: the announcement, then Real-Time Transcription of both sides. */
export function recordingOpening(recording?: RecordingTwiml): string {
  if (!recording) return ''
  return `<Say>${escapeXml(recording.notice)}</Say><Start><Transcription statusCallbackUrl="${absolute(recording.siteUrl, TRANSCRIPTION_PATH)}" statusCallbackMethod="POST" track="both_tracks" partialResults="false"/></Start>`
}

/** With recording on, a `<Dial>`'s attributes that record the answered call (each side on its own channel) and announce the recording. */
export function recordingAttributes(recording?: RecordingTwiml): string {
  if (!recording) return ''
  return ` record="record-from-answer-dual" recordingStatusCallback="${absolute(recording.siteUrl, RECORDING_PATH)}" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed"`
}

/** After the forwarded leg: hang up after a talk; on no answer or busy, the editor's message, then a voicemail if Site settings say so. */
export function afterDialTwiml(status: CallStatus, settings: Pick<VoiceSettings, 'missedCall' | 'missedMessage'> & Partial<Pick<VoiceSettings, 'recording'>>): string {
  if (status === 'answered') return `${XML}<Response><Hangup/></Response>`
  const say = settings.missedMessage ? `<Say>${escapeXml(settings.missedMessage)}</Say>` : ''
  // With recording on, the voicemail is written out too (Twilio posts TranscriptionText to the transcription webhook).
  const transcribe = settings.recording ? ` transcribe="true" transcribeCallback="${escapeXml(VOICEMAIL_TRANSCRIPTION_PATH)}"` : ''
  const record = settings.missedCall === 'voicemail' ? `<Record action="${escapeXml(RECORDED_PATH)}" method="POST" maxLength="120" playBeep="true"${transcribe}/>` : ''
  return `${XML}<Response>${say}${record}<Hangup/></Response>`
}

/** No instructions could be worked out (call tracking off, no business line known): the caller hears busy and may call again. */
export function rejectTwiml(): string {
  return `${XML}<Response><Reject reason="busy"/></Response>`
}

export function hangupTwiml(): string {
  return `${XML}<Response><Hangup/></Response>`
}
