import type { StringRule } from 'sanity'
import { isUsE164 } from '../../../web/lib/phone'

/** A required US number in international form: the Site settings number and every tracking number. */
export const usPhoneRule = (rule: StringRule) =>
  rule
    .required()
    .custom((value) =>
      typeof value === 'string' && isUsE164(value) ? true : 'Write the number as +1 followed by the 10-digit US number, with no spaces or dashes, e.g. +18885550142.',
    )
    .error()
