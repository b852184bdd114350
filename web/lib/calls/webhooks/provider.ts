import { callerKey } from '../callerKey.ts'
import { isTwilioSignatureValid, publicWebhookUrl } from './signature.ts'
import { escapeXml, hangupTwiml, TWIML_HEAD } from './twiml.ts'
import { optOutOf } from '../texts/textBack.ts'
import type { VoiceDeps, WebhookAnswer, WebhookRequest } from './voice.ts'

/**
 * The two webhooks routing adds beside the voice ones, signed the same way:
 * - `POST /api/voice/whisper` (the `<Number url>` of a provider's leg): what the provider hears before the
 *   caller is joined, and with "press 1 to take the call" the key press that takes it;
 * - `POST /api/sms/incoming` (the messaging webhook of the tracking numbers): a caller's STOP or START.
 */
const TWIML = 'text/xml; charset=utf-8'
const forbidden = (): WebhookAnswer => ({ status: 403, body: 'Forbidden.\n', contentType: 'text/plain; charset=utf-8' })

function signedParams(request: WebhookRequest, deps: Pick<VoiceDeps, 'authToken' | 'siteUrl'>, sid: string, pattern: RegExp): URLSearchParams | null {
  const params = new URLSearchParams(request.body)
  if (!isTwilioSignatureValid(deps.authToken, request.signature, publicWebhookUrl(deps.siteUrl, request.pathAndQuery), params)) return null
  return pattern.test(params.get(sid) ?? '') ? params : null
}

/** Fills {place}, {pest} and {page} in a provider's message. */
export const fillWhisper = (text: string, values: { place: string; pest: string; page: string }): string =>
  text
    .replace(/\{(place|pest|page)\}/g, (_, name: 'place' | 'pest' | 'page') => values[name])
    .replace(/\s+/g, ' ')
    .trim()

export const WHISPER_PATH = '/api/voice/whisper'

export async function handleWhisper(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = signedParams(request, deps, 'CallSid', /^CA[0-9a-f]{32}$/i)
  if (!params) return forbidden()
  const search = new URL(request.pathAndQuery, 'http://x').searchParams
  // The key press: 1 takes the call (an empty answer joins the caller); anything else hangs up this leg.
  if (search.get('accept') === '1') return { status: 200, body: params.get('Digits') === '1' ? `${TWIML_HEAD}<Response/>` : hangupTwiml(), contentType: TWIML }
  const settings = await deps.settings()
  const provider = settings?.providers.find((known) => known.id === search.get('p'))
  const text = fillWhisper(provider?.whisper ?? '', { place: search.get('pl') ?? '', pest: search.get('pe') ?? '', page: search.get('pg') ?? '' })
  const say = text ? `<Say>${escapeXml(text)}</Say>` : ''
  if (!provider?.acceptWithKey) return { status: 200, body: `${TWIML_HEAD}<Response>${say}</Response>`, contentType: TWIML }
  const action = `${WHISPER_PATH}?accept=1&p=${encodeURIComponent(provider.id)}`
  return { status: 200, body: `${TWIML_HEAD}<Response><Gather input="dtmf" numDigits="1" timeout="6" action="${escapeXml(action)}" method="POST">${say}</Gather><Hangup/></Response>`, contentType: TWIML }
}

/** Twilio's incoming-message webhook: a STOP (or START) from a caller is kept, by the keyed hash of their number. */
export async function handleSmsIncoming(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = signedParams(request, deps, 'MessageSid', /^(SM|MM)[0-9a-f]{32}$/i)
  if (!params) return forbidden()
  const from = params.get('From') ?? ''
  const stopped = optOutOf(params.get('Body') ?? '')
  if (stopped !== null && /^\+[1-9]\d{6,14}$/.test(from)) {
    const now = deps.now?.() ?? Date.now()
    deps.recorder.enqueue({ key: `sms:${params.get('MessageSid')}`, kind: 'smsOptOut', data: { callerKey: callerKey(deps.callerSecret, from), stopped, at: now } })
  }
  return { status: 200, body: `${TWIML_HEAD}<Response/>`, contentType: TWIML }
}
