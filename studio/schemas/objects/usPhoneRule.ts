import type { StringRule } from 'sanity'
import { usPhoneFormatProblem } from '../../../web/lib/phoneProblem'
import { unreachablePhoneProblem } from '../../../web/lib/launch/phoneRange'

/**
 * A required US number in international form: the Site settings number and every tracking number.
 * A well-formed number calls cannot reach (the fictional 555-01xx range, an unused area code) is a
 * warning, not an error: the bundled content uses one on purpose, and `npm run check:launch` blocks
 * the launch on it.
 */
export const usPhoneRule = (rule: StringRule) => [
  rule.required().error('Write the phone number as +1 followed by the 10-digit US number, e.g. +12125550142.'),
  // Which rule the number breaks (a digit, the country code, the form), not only the form it should take.
  rule.custom((value) => (typeof value === 'string' ? (usPhoneFormatProblem(value) ?? true) : true)).error(),
  rule.custom((value) => (typeof value === 'string' ? (unreachablePhoneProblem(value) ?? true) : true)).warning(),
]
