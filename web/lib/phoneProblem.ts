import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { isUsE164 } from './phone.ts'

/**
 * Why a phone number is not written as the site stores it (+1 and ten digits, E.164), naming the
 * rule it breaks and, when the number can be read another way, the form to write instead; null
 * when it is well formed. The Studio bundles this (no Node imports).
 */
export function usPhoneFormatProblem(value: string): string | null {
  if (isUsE164(value)) return null
  const example = 'e.g. +12125550142'
  const written = value.trim()
  if (!written) return `Write the number as +1 followed by the 10-digit US number, ${example}.`
  // A number written the way people write it, "(212) 555-0142" or "+1 212-555-0142": say the exact form.
  if (/[^+\d]/.test(written) || !written.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(written, 'US')
    if (parsed?.countryCallingCode === '1' && isUsE164(parsed.number)) {
      return /[^+\d]/.test(written)
        ? `Write it as +1 followed by the 10-digit US number, with no spaces or dashes: ${parsed.number}.`
        : `Start the number with +1 (the US country code): ${parsed.number}.`
    }
    if (/[^+\d]/.test(written)) return `“${written}” is not a phone number: write + and digits only, with no spaces, dashes or brackets, ${example}.`
    return `Start the number with +1 (the US country code), ${example}.`
  }
  if (!written.startsWith('+1')) return `Only US numbers are supported: start with +1, not +${written.slice(1, 3)}…, ${example}.`
  const digits = written.slice(2)
  if (digits.length !== 10) return `A US number has 10 digits after +1 — this one has ${digits.length}, ${example}.`
  if (/^[01]/.test(digits)) return `US area codes cannot start with 0 or 1: the 1st digit after +1 is ${digits[0]}.`
  if (/^\d{3}[01]/.test(digits)) return `US exchange codes cannot start with 0 or 1: the 4th digit after +1 is ${digits[3]}.`
  return `Write the number as +1 followed by the 10-digit US number, ${example}.`
}
