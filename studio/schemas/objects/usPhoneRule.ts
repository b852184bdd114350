import type { StringRule, ValidationContext } from 'sanity'
import { usPhoneFormatProblem } from '../../../web/lib/phoneProblem'
import { isFictionalUsNumber, unreachablePhoneProblem } from '../../../web/lib/launch/phoneRange'

/**
 * A required US number in international form: the Site settings number and every tracking number.
 * A well-formed number calls cannot reach (the fictional 555-01xx range, an unused area code) is a
 * warning while call tracking is off (the bundled content uses one on purpose, and the launch check
 * blocks the launch on it); with call tracking on, real callers are answered and forwarded, so a
 * fictional number is an error there: it cannot be published from the Studio.
 */
export function callTrackingOn(context: ValidationContext): boolean {
  return Boolean((context.document as { callTracking?: { enabled?: boolean | null } | null } | undefined)?.callTracking?.enabled)
}

export const FICTION_IN_CALL_TRACKING =
  '555-0100 to 555-0199 numbers are reserved for fiction, and call tracking is on: calls to this number ring nowhere. Write the real number, or switch call tracking off.'

/** The fictional-number rules: an error under call tracking, a warning otherwise. */
export const reachableRules = (rule: StringRule) => [
  rule.custom((value, context) => (typeof value === 'string' && isFictionalUsNumber(value) && callTrackingOn(context) ? FICTION_IN_CALL_TRACKING : true)).error(),
  rule
    .custom((value, context) => (typeof value === 'string' && !(isFictionalUsNumber(value) && callTrackingOn(context)) ? (unreachablePhoneProblem(value) ?? true) : true))
    .warning(),
]

export const usPhoneRule = (rule: StringRule) => [
  rule.required().error('Write the phone number as +1 followed by the 10-digit US number, e.g. +12125550142.'),
  // Which rule the number breaks (a digit, the country code, the form), not only the form it should take.
  rule.custom((value) => (typeof value === 'string' ? (usPhoneFormatProblem(value) ?? true) : true)).error(),
  ...reachableRules(rule),
]
