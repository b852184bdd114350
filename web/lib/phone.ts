/**
 * The site's one phone number is stored in Site settings as E.164 (+1NXXNXXXXXX).
 * Everything a visitor sees or taps is derived from it here, so a change in the Studio
 * reaches every tel: link and every shown number at once.
 */

const US_E164 = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/

export function isUsE164(value: string): boolean {
  return US_E164.test(value)
}

/** "+12125550199" → "(212) 555-0199". Anything that is not a US E.164 number is returned unchanged. */
export function formatUsPhone(e164: string): string {
  const match = US_E164.exec(e164)
  if (!match) return e164
  const [, area, exchange, line] = match
  return `(${area}) ${exchange}-${line}`
}

/** The href of a call link. Keeps only "+" and digits so a stray space or dash can never break the dialer. */
export function telHref(e164: string): string {
  return `tel:${e164.replace(/[^+\d]/g, '')}`
}

/** True when a hand-written display form dials the same number as the E.164 value. */
export function dialsSameNumber(display: string, e164: string): boolean {
  const digits = display.replace(/\D/g, '')
  const target = e164.replace(/\D/g, '')
  return digits === target || `1${digits}` === target
}

/** `(512) ***-**34`: enough to recognise a caller in a list or statement, never the whole number; '' when withheld. */
export function maskedCaller(caller: string | null): string {
  const digits = /^\+1(\d{3})\d{5}(\d{2})$/.exec(caller ?? '')
  return digits ? `(${digits[1]}) ***-**${digits[2]}` : ''
}
