import type { StringRule } from 'sanity'
import { isUsE164 } from '../../../web/lib/phone'
import { unreachablePhoneProblem } from '../../../web/lib/launch/phoneRange'

/**
 * A required US number in international form: the Site settings number and every tracking number.
 * A well-formed number calls cannot reach (the fictional 555-01xx range, an unused area code) is a
 * warning, not an error: the bundled content uses one on purpose, and `npm run check:launch` blocks
 * the launch on it.
 */
export const usPhoneRule = (rule: StringRule) => [
  rule
    .required()
    .custom((value) =>
      typeof value === 'string' && isUsE164(value) ? true : 'Write the number as +1 followed by the 10-digit US number, with no spaces or dashes, e.g. +18885550142.',
    )
    .error(),
  rule.custom((value) => (typeof value === 'string' ? (unreachablePhoneProblem(value) ?? true) : true)).warning(),
]
