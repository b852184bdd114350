import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { formatUsPhone } from '../../phone.ts'
import { isWithheldCaller } from '../withheld.ts'

/**
 * What a text to a caller must be, and whom it may go to. Carriers deliver application texts only under a
 * registered campaign, and expect each text to name the business and say how to stop; an outsider who can make
 * the site text any number can make it pay for texts to premium numbers (SMS pumping). So a text goes only to a
 * real US number that called, never to a withheld caller or a call that failed STIR/SHAKEN, and always reads
 * "<business>: … Reply STOP to opt out."
 */
export const OPT_OUT_LINE = 'Reply STOP to opt out.'

/**
 * A number a text may go to: +1, a US area code (libphonenumber-js's metadata: assigned, not Canada or the
 * Caribbean), an exchange that starts with 2–9 and is not an N11 service code (211, 411, 911, …).
 */
export function isTextableUsNumber(e164: string | null | undefined): boolean {
  const match = /^\+1([2-9]\d{2})([2-9]\d{2})\d{4}$/.exec(e164 ?? '')
  if (!match || /^[2-9]11$/.test(match[2]!) || /^[2-9]11$/.test(match[1]!)) return false
  const parsed = parsePhoneNumberFromString(e164!)
  return parsed !== undefined && parsed.country === 'US' && parsed.isValid()
}

/** Twilio's `StirVerstat` for a call whose caller ID failed STIR/SHAKEN verification. */
export const failedStirShaken = (stirVerstat: string | null | undefined): boolean => /^TN-Validation-Failed/i.test(stirVerstat ?? '')

/** Why no text may go to this caller, or null when one may (opt-outs and the budget are the store's to check). */
export function textRefusal(caller: { to: string; stirVerstat?: string | null }): string | null {
  if (isWithheldCaller(caller.to)) return 'The caller withheld their number.'
  if (!isTextableUsNumber(caller.to)) return 'Not a US number that can take texts.'
  if (failedStirShaken(caller.stirVerstat)) return 'The call failed STIR/SHAKEN: its caller ID may be forged.'
  return null
}

const mentions = (text: string, words: string) => text.toLowerCase().includes(words.toLowerCase())

/**
 * The text as sent: it names the business (Site settings' brand name, put first when the editor's words do not
 * say it) and ends with "Reply STOP to opt out." unless it already says how to stop.
 */
export function finalText(body: string, brandName: string): string {
  let text = body.replace(/\s+/g, ' ').trim()
  const brand = brandName.trim()
  if (brand && !mentions(text, brand)) text = `${brand}: ${text}`
  if (!/\breply\s+stop\b/i.test(text)) text = `${text}${/[.!?]$/.test(text) ? '' : '.'} ${OPT_OUT_LINE}`
  return text
}

/** The keywords carriers and Twilio honour, as a whole message in any case: opting out, back in, and asking for help. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'])
const START_WORDS = new Set(['START', 'YES', 'UNSTOP'])
const HELP_WORDS = new Set(['HELP', 'INFO'])

export type TextKeyword = 'stop' | 'start' | 'help'

export function keywordOf(body: string | null | undefined): TextKeyword | null {
  const word = (body ?? '').trim().toUpperCase()
  if (STOP_WORDS.has(word)) return 'stop'
  if (START_WORDS.has(word)) return 'start'
  return HELP_WORDS.has(word) ? 'help' : null
}

export const DEFAULT_HELP_REPLY = 'For help call {phone}. Msg & data rates may apply.'

/** The answer to HELP or INFO: the business's name and phone number, and how to stop. */
export function helpText(template: string, brandName: string, phone: string): string {
  const shown = phone ? formatUsPhone(phone) : ''
  let text = (template.trim() || DEFAULT_HELP_REPLY).replace(/\{business\}/g, brandName.trim()).replace(/\{phone\}/g, shown)
  if (shown && !text.includes(shown)) text = `${text.replace(/\s+$/, '')} Call ${shown}.`
  return finalText(text, brandName)
}
