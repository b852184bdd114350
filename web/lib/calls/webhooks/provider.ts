import { callerKey } from '../callerKey.ts'
import { isTwilioSignatureValid, publicWebhookUrl } from './signature.ts'
import { escapeXml, hangupTwiml, TWIML_HEAD } from './twiml.ts'
import { helpText, isTextableUsNumber, keywordOf } from '../texts/rules.ts'
import { isWithheldCaller } from '../withheld.ts'
import { VOICE_DEFAULTS } from '../settings.ts'
import type { VoiceDeps, WebhookAnswer, WebhookRequest } from './voice.ts'

/**
 * The two webhooks routing adds beside the voice ones, signed the same way:
 * - `POST /api/voice/whisper` (the `<Number url>` of a provider's leg): what the provider hears before the
 *   caller is joined — first, when the call is recorded, that it is recorded and transcribed (the provider is a
 *   party too: all-party-consent states ask both) — and with "press 1 to take the call" the key press that takes it;
 * - `POST /api/sms/incoming` (the messaging webhook of the tracking numbers): a caller's STOP or START (any case),
 *   and the answer to HELP or INFO: one `<Message>` with the business's name and phone number, unless Twilio's
 *   Advanced Opt-Out answers it (Site settings → Call tracking).
 */
const TWIML = 'text/xml; charset=utf-8'
const forbidden = (): WebhookAnswer => ({ status: 403, body: 'Forbidden.\n', contentType: 'text/plain; charset=utf-8' })

function signedParams(request: WebhookRequest, deps: Pick<VoiceDeps, 'authToken' | 'siteUrl'>, sid: string, pattern: RegExp): URLSearchParams | null {
  const params = new URLSearchParams(request.body)
  if (!isTwilioSignatureValid(deps.authToken, request.signature, publicWebhookUrl(deps.siteUrl, request.pathAndQuery), params)) return null
  return pattern.test(params.get(sid) ?? '') ? params : null
}

/**
 * Fills {place}, {pest} and {page} in a provider's message, saying only what is known: an unknown value goes
 * with the little word before it ("in {place}" → ""), and punctuation left dangling goes too
 * ("Pest control call: {pest} in {place}." with nothing known → "Pest control call.").
 */
export const fillWhisper = (text: string, values: { place: string; pest: string; page: string }): string =>
  text
    .replace(/(\b(?:in|for|from|at|about|on|near|of|to)\s+)?\{(place|pest|page)\}/gi, (_, before: string | undefined, name: string) => {
      const value = values[name.toLowerCase() as 'place' | 'pest' | 'page']
      return value ? `${before ?? ''}${value}` : ''
    })
    .replace(/\s+([.,!?;:])/g, '$1')
    .replace(/([,:;])[,:;]+/g, '$1')
    .replace(/^[\s.,!?;:]+|[,:;]+(?=[.!?]|\s*$)/g, '')
    .replace(/\s+/g, ' ')
    .trim()

export const WHISPER_PATH = '/api/voice/whisper'

export async function handleWhisper(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = signedParams(request, deps, 'CallSid', /^CA[0-9a-f]{32}$/i)
  if (!params) return forbidden()
  const search = new URL(request.pathAndQuery, 'http://x').searchParams
  // The key press: 1 takes the call (an empty answer joins the caller); anything else hangs up this leg.
  if (search.get('accept') === '1') return { status: 200, body: params.get('Digits') === '1' ? `${TWIML_HEAD}<Response/>` : hangupTwiml(), contentType: TWIML }
  // The provider picked up: its leg stays under way (for its caps) until the call's end signal, not just its ring time.
  const parent = search.get('c') ?? ''
  const seq = Number(search.get('n'))
  if (/^CA[0-9a-f]{32}$/i.test(parent) && Number.isInteger(seq) && seq >= 0) deps.recorder.enqueue({ key: `answered:${parent}:${seq}`, kind: 'legAnswered', data: { callSid: parent, seq, at: deps.now?.() ?? Date.now() } })
  const settings = await deps.settings()
  const provider = settings?.providers.find((known) => known.id === search.get('p'))
  const text = fillWhisper(provider?.whisper ?? '', { place: search.get('pl') ?? '', pest: search.get('pe') ?? '', page: search.get('pg') ?? '' })
  // `rec=1`: this call is recorded and transcribed (routing/routing.ts adds it only then).
  const notice = search.get('rec') === '1' ? `<Say>${escapeXml(settings?.recordingNotice || VOICE_DEFAULTS.recordingNotice)}</Say>` : ''
  const say = `${notice}${text ? `<Say>${escapeXml(text)}</Say>` : ''}`
  if (!provider?.acceptWithKey) return { status: 200, body: `${TWIML_HEAD}<Response>${say}</Response>`, contentType: TWIML }
  const action = `${WHISPER_PATH}?accept=1&p=${encodeURIComponent(provider.id)}`
  return { status: 200, body: `${TWIML_HEAD}<Response><Gather input="dtmf" numDigits="1" timeout="6" action="${escapeXml(action)}" method="POST">${say}</Gather><Hangup/></Response>`, contentType: TWIML }
}

/**
 * Twilio's incoming-message webhook: a STOP (or START) from a caller is kept, by the keyed hash of their number;
 * HELP or INFO gets one answer naming the business and its phone number, only to a US number that can take texts.
 */
export async function handleSmsIncoming(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = signedParams(request, deps, 'MessageSid', /^(SM|MM)[0-9a-f]{32}$/i)
  if (!params) return forbidden()
  const from = params.get('From') ?? ''
  const keyword = keywordOf(params.get('Body'))
  const known = /^\+[1-9]\d{6,14}$/.test(from) && !isWithheldCaller(from)
  if ((keyword === 'stop' || keyword === 'start') && known) {
    const now = deps.now?.() ?? Date.now()
    deps.recorder.enqueue({ key: `sms:${params.get('MessageSid')}`, kind: 'smsOptOut', data: { callerKey: callerKey(deps.callerSecret, from), stopped: keyword === 'stop', at: now } })
  }
  if (keyword === 'help' && known && isTextableUsNumber(from)) {
    const settings = await deps.settings()
    if (settings && !settings.advancedOptOut) {
      const answer = helpText(settings.routing.textBack.helpReply, settings.brandName, settings.defaultNumber)
      return { status: 200, body: `${TWIML_HEAD}<Response><Message>${escapeXml(answer)}</Message></Response>`, contentType: TWIML }
    }
  }
  return { status: 200, body: `${TWIML_HEAD}<Response/>`, contentType: TWIML }
}
