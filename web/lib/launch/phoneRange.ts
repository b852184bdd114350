import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { formatUsPhone, isUsE164 } from '../phone.ts'

/**
 * Numbers that cannot take a call: the NANP's fictional range (555-0100 to 555-0199, set aside for
 * films and examples, as in the bundled content) and numbers libphonenumber-js does not know as US
 * numbers (e.g. an unassigned area code). Shared by the launch check and the Studio's warning on
 * Site settings, so it imports nothing from Node (the Studio bundles it).
 */

const FICTIONAL_US = /^\+1\d{3}55501\d{2}$/

/** True for +1 NXX 555-0100 … 555-0199, in any area code. */
export function isFictionalUsNumber(e164: string): boolean {
  return FICTIONAL_US.test(e164)
}

/** True when libphonenumber-js knows the number as a valid number in the US (area code included). */
export function isValidUsNumber(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164)
  return parsed !== undefined && parsed.country === 'US' && parsed.isValid()
}

/**
 * Why calls to this number would not reach the business, in an editor's words; null when nothing
 * is wrong or when the number is not in +1 form at all (the format rule already says so).
 */
export function unreachablePhoneProblem(e164: string): string | null {
  if (!isUsE164(e164)) return null
  if (isFictionalUsNumber(e164)) {
    return '555-0100 to 555-0199 numbers are reserved for fiction: calls will not reach you. Put your real business number here before launch.'
  }
  if (!isValidUsNumber(e164)) {
    return `${formatUsPhone(e164)} is not a valid US phone number (its area code or exchange is not in use): calls will not reach you. Put your real business number here before launch.`
  }
  return null
}
