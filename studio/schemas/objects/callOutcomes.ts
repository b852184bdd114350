import { defineArrayMember, defineField } from 'sanity'
import { isUsE164 } from '../../../web/lib/phone'
import { OUTCOME_DEFAULTS } from '../../../web/lib/calls/outcomes/rules'

const PHONE_FORM = 'Write the number as +1 followed by the 10-digit US number, no spaces, e.g. +12125550142.'

const numbers = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'string', title: 'Phone number', validation: (rule) => rule.custom((value) => (typeof value !== 'string' || isUsE164(value) ? true : PHONE_FORM)).error() })],
  })

const phrases = (name: string, title: string, description: string, initial: readonly string[]) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    initialValue: [...initial],
    of: [defineArrayMember({ type: 'string', title: 'Phrase', validation: (rule) => rule.max(80).warning('Keep a phrase short: a few words the caller says.') })],
    options: { layout: 'tags' },
  })

/**
 * Site settings → Call outcomes (web/lib/calls/outcomes): the rules that judge each call — lead, booked job,
 * existing customer, spam, not a lead or missed — and what a lead and a booked job are worth to the ad
 * platforms. The first rule that applies wins, in the order listed; the Calls tool shows which one did.
 */
export const callOutcomesField = defineField({
  name: 'callOutcomes',
  title: 'Call outcomes',
  type: 'object',
  group: 'calls',
  description: 'How each call is judged, in this order: blocked callers, a faked caller ID, your own numbers, repeat calls, what was said, then whether and how long it was answered. You can always change a call’s outcome by hand in the Calls tool.',
  options: { collapsible: true, collapsed: false },
  fields: [
    numbers('blockedCallers', 'Blocked callers', 'Calls from these numbers are spam.'),
    defineField({ name: 'stirShaken', title: 'Faked caller ID is spam', type: 'boolean', initialValue: true, description: 'When the phone network says the caller ID failed its STIR/SHAKEN check, the call is marked spam.' }),
    numbers('staffNumbers', 'Provider and staff numbers', 'Calls from these numbers (and from the business line) are never leads.'),
    defineField({ name: 'repeatCalls', title: 'Repeat calls that count as spam', type: 'number', initialValue: OUTCOME_DEFAULTS.repeatCalls, description: 'This many calls from one caller within the minutes below are spam.', validation: (rule) => rule.min(2).max(100).integer() }),
    defineField({ name: 'repeatMinutes', title: 'Repeat calls within (minutes)', type: 'number', initialValue: OUTCOME_DEFAULTS.repeatMinutes, validation: (rule) => rule.min(1).max(1440).integer() }),
    phrases('spamPhrases', 'Spam phrases', 'A caller saying one of these is spam (heard when calls are recorded).', OUTCOME_DEFAULTS.spamPhrases),
    phrases('notALeadPhrases', 'Not-a-lead phrases', 'Job seekers, wrong numbers, vendors.', OUTCOME_DEFAULTS.notALeadPhrases),
    phrases('existingCustomerPhrases', 'Existing-customer phrases', 'Customers calling about work already booked.', OUTCOME_DEFAULTS.existingCustomerPhrases),
    phrases('bookedPhrases', 'Booked-job phrases', 'Words that mean the job was booked on the call.', OUTCOME_DEFAULTS.bookedPhrases),
    phrases('leadPhrases', 'Lead phrases', 'A new customer asking for work: a lead even on a short call.', OUTCOME_DEFAULTS.leadPhrases),
    defineField({ name: 'leadValue', title: 'Value of a lead', type: 'number', initialValue: OUTCOME_DEFAULTS.leadValue, description: 'Sent to Google Ads and Microsoft Ads for each lead. Spam, existing customers, not-a-lead and missed calls are worth nothing and never sent.', validation: (rule) => rule.min(0) }),
    defineField({ name: 'bookedValue', title: 'Value of a booked job', type: 'number', initialValue: OUTCOME_DEFAULTS.bookedValue, description: 'Used when a job is booked without its own amount; set the amount per call in the Calls tool.', validation: (rule) => rule.min(0) }),
  ],
})
