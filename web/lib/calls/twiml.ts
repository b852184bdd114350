import type { CallStatus } from './store.ts'
import type { VoiceSettings } from './settings.ts'

/** TwiML, Twilio's XML call instructions: the few verbs the site answers with. */
const XML = '<?xml version="1.0" encoding="UTF-8"?>'
export const TWIML_HEAD = XML

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)
}

export const STATUS_PATH = '/api/voice/status'
export const RECORDED_PATH = `${STATUS_PATH}?recorded=1`

/** Forwards the call to the business line; Twilio posts the outcome to the status webhook when the forwarded leg ends. */
export function dialTwiml(businessLine: string): string {
  // No callerId: Twilio then shows the business the caller's own number, so it can call back.
  return `${XML}<Response><Dial action="${STATUS_PATH}" method="POST" timeout="20" answerOnBridge="true"><Number>${escapeXml(businessLine)}</Number></Dial></Response>`
}

/** After the forwarded leg: hang up after a talk; on no answer or busy, the editor's message, then a voicemail if Site settings say so. */
export function afterDialTwiml(status: CallStatus, settings: Pick<VoiceSettings, 'missedCall' | 'missedMessage'>): string {
  if (status === 'answered') return `${XML}<Response><Hangup/></Response>`
  const say = settings.missedMessage ? `<Say>${escapeXml(settings.missedMessage)}</Say>` : ''
  const record = settings.missedCall === 'voicemail' ? `<Record action="${escapeXml(RECORDED_PATH)}" method="POST" maxLength="120" playBeep="true"/>` : ''
  return `${XML}<Response>${say}${record}<Hangup/></Response>`
}

/** No instructions could be worked out (call tracking off, no business line known): the caller hears busy and may call again. */
export function rejectTwiml(): string {
  return `${XML}<Response><Reject reason="busy"/></Response>`
}

export function hangupTwiml(): string {
  return `${XML}<Response><Hangup/></Response>`
}
