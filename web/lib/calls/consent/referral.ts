import { escapeXml } from '../webhooks/twiml.ts'

/**
 * The referral said out loud: with routing to providers on, a caller hears before the first ring that the site is
 * a free referral service connecting them with an independent local provider (the spec's §1, which the pages say in
 * writing). Editable in Site settings → Call tracking, never empty: an empty one is replaced by the default here,
 * and the Studio refuses it.
 */
export const DEFAULT_SPOKEN_REFERRAL = 'Thanks for calling {business}, a free referral service; we’ll connect you with an independent local provider.'

/**
 * What the caller hears first with routing on: the editor's words, or the default when there are none, with
 * {business} filled in from Site settings' brand name ("us" without one). Empty with routing off.
 */
export function spokenReferral(settings: { brandName: string; routing: { routing: boolean; spokenReferral: string } }): string {
  if (!settings.routing.routing) return ''
  const text = settings.routing.spokenReferral.trim() || DEFAULT_SPOKEN_REFERRAL
  return text.replace(/\{business\}/g, settings.brandName.trim() || 'us').replace(/\s+/g, ' ').trim()
}

/**
 * The answer to "A call comes in" with `text` said before anything else: before the ZIP prompt and the first
 * ring. TwiML answers the site writes always open with `<Response>`; one that does not (or an empty text) is
 * returned as it is.
 */
export function sayFirst(twiml: string, text: string): string {
  if (!text) return twiml
  const at = twiml.indexOf('<Response>')
  if (at < 0) return twiml
  const open = at + '<Response>'.length
  return `${twiml.slice(0, open)}<Say>${escapeXml(text)}</Say>${twiml.slice(open)}`
}
