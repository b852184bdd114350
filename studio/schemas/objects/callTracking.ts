import { defineArrayMember, defineField } from 'sanity'
import { isUsE164 } from '../../../web/lib/phone'
import { poolVisitLimitsField } from './poolVisitLimits'
import { callRoutingFields } from './callRouting'
import { reachableRules } from './usPhoneRule'
import { businessLineProblem, isTimeZone, VOICE_DEFAULTS, type CallTrackingFields } from '../../../web/lib/calls/settings'
import { complianceFields } from './callCompliance'
import { DISPUTE_DAYS_DEFAULT } from '../../../web/lib/portal/access'
import { saysRecordedAndTranscribed } from '../../../web/lib/calls/consent/recordingConsent'

/** What the group's checks read from the rest of Site settings. */
export interface CallTrackingSite {
  phone?: string | null
  trackingNumbers?: ({ phone?: string | null } | null)[] | null
  callTracking?: CallTrackingFields | null
}

const PHONE_FORM = 'Write the number as +1 followed by the 10-digit US number, no spaces, e.g. +12125550142.'

/**
 * Site settings → Call tracking (web/lib/calls): the site answers its tracking numbers through Twilio,
 * forwards each call to the business line, records the outcome, and gives each ad visit a pool number
 * of its own so a call is joined to the visit that made it (docs/calls.md).
 */
export const callTrackingField = defineField({
  name: 'callTracking',
  title: 'Call tracking',
  type: 'object',
  group: 'calls',
  description: 'Calls to the site’s Twilio numbers are forwarded to the business line and recorded. Off: every page shows the one phone number above.',
  options: { collapsible: false },
  fields: [
    defineField({ name: 'enabled', title: 'Call tracking on', type: 'boolean', initialValue: false }),
    defineField({
      name: 'businessLine',
      title: 'Business line',
      type: 'string',
      description: 'The line the business answers: every call to a tracking or pool number is forwarded here. Never shown on a page.',
      validation: (rule) => [
        rule
          .custom((value, context) => {
            const doc = (context.document ?? {}) as CallTrackingSite
            return businessLineProblem(value, { pool: doc.callTracking?.pool, trackingNumbers: doc.trackingNumbers }) ?? true
          })
          .error(),
        ...reachableRules(rule),
      ],
    }),
    defineField({
      name: 'pool',
      title: 'Number pool',
      type: 'array',
      description: 'Twilio numbers lent to ad visits one at a time (30 minutes, longer while the page stays open), so a call tells which visit made it. About one number per 5 ad visits at the busiest half hour.',
      of: [
        defineArrayMember({
          type: 'string',
          title: 'Pool number',
          validation: (rule) => [
            rule.custom((value) => (typeof value !== 'string' || isUsE164(value) ? true : PHONE_FORM)).error(),
            ...reachableRules(rule),
          ],
        }),
      ],
    }),
    defineField({ name: 'poolRestMinutes', title: 'Rest between visits (minutes)', type: 'number', initialValue: VOICE_DEFAULTS.poolRestMinutes, description: 'A released number waits this long before another visit gets it, so a late call still reaches the right visit.', validation: (rule) => rule.min(0).max(1440).integer() }),
    poolVisitLimitsField,
    defineField({ name: 'minTalkSeconds', title: 'Qualified: minimum talk time (seconds)', type: 'number', initialValue: VOICE_DEFAULTS.minTalkSeconds, validation: (rule) => rule.min(0).max(3600).integer() }),
    defineField({ name: 'firstCallerDays', title: 'Qualified: first call from this caller in (days)', type: 'number', initialValue: VOICE_DEFAULTS.firstCallerDays, description: 'A caller answered before within this many days is not a new lead. 0: every caller counts.', validation: (rule) => rule.min(0).max(365).integer() }),
    defineField({
      name: 'missedCall',
      title: 'When nobody answers',
      type: 'string',
      options: { list: [{ value: 'message', title: 'Play the message, then hang up' }, { value: 'voicemail', title: 'Play the message, then take a voicemail' }], layout: 'radio' },
      initialValue: 'message',
    }),
    defineField({ name: 'missedMessage', title: 'Message to a caller nobody answered', type: 'text', rows: 2, description: 'Read out to the caller, e.g. “Sorry we missed you. We will call you back within the hour.”', validation: (rule) => rule.max(300) }),
    defineField({ name: 'callerRetentionDays', title: 'Keep callers’ numbers (days)', type: 'number', initialValue: VOICE_DEFAULTS.callerRetentionDays, description: 'For calling back missed callers; then only a scrambled copy stays that cannot be dialled (enough to tell a repeat caller). Never shown on a page.', validation: (rule) => rule.min(0).max(3650).integer() }),
    defineField({ name: 'timeZone', title: 'Time zone of the Google Ads account', type: 'string', initialValue: VOICE_DEFAULTS.timeZone, description: 'The region and city Google Ads uses, e.g. America/Chicago: the conversion file’s times are written in it.', validation: (rule) => rule.custom((value) => (typeof value !== 'string' || isTimeZone(value) ? true : 'Write the time zone as region/city, e.g. America/New_York or America/Chicago.')).error() }),
    defineField({ name: 'conversionName', title: 'Google Ads conversion name', type: 'string', initialValue: VOICE_DEFAULTS.conversionName, description: 'Exactly as the “Import from clicks” conversion action is named in Google Ads. Taps keep their own conversion (Tracking tab).', validation: (rule) => rule.max(100) }),
    defineField({
      name: 'fixedValue',
      title: 'One fixed value for every call',
      type: 'boolean',
      initialValue: false,
      description: 'Off (recommended): the ad platforms learn what each call earned — the provider’s payout for a paid call, a booked job’s value, nothing for a call that earned nothing. On: every qualified call is worth the conversion value below.',
    }),
    defineField({
      name: 'outcomeRoles',
      title: 'Roles that may change outcomes',
      type: 'array',
      of: [{ type: 'string', title: 'Role' }],
      options: { layout: 'tags' },
      description: 'Changing a call’s outcome or a booked job’s value changes what providers are billed and what the ad platforms learn: only administrators may, and the Studio roles named here (e.g. “editor”). Empty: administrators only.',
    }),
    defineField({ name: 'maxOutcomeValue', title: 'Highest value of a booked job', type: 'number', initialValue: VOICE_DEFAULTS.maxOutcomeValue, description: 'A value above this typed in the Calls tool is refused (a slip of the keyboard would teach the ad platforms a false value).', validation: (rule) => rule.min(1) }),
    defineField({ name: 'conversionValue', title: 'Conversion value', type: 'number', initialValue: VOICE_DEFAULTS.conversionValue, description: 'Used only with “One fixed value for every call” on.', validation: (rule) => rule.min(0) }),
    defineField({ name: 'conversionCurrency', title: 'Conversion currency', type: 'string', initialValue: VOICE_DEFAULTS.conversionCurrency, validation: (rule) => rule.regex(/^[A-Z]{3}$/, { name: 'ISO 4217 code' }).error('Write the three-letter currency code, e.g. USD.') }),
    defineField({ name: 'recording', title: 'Record and transcribe answered calls', type: 'boolean', initialValue: false, description: 'Both sides of each answered call are recorded and written out, so the Calls tool can play it and judge it by what was said. Voicemails are written out too.' }),
    defineField({
      name: 'recordingNotice',
      title: 'Recording announcement',
      type: 'text',
      rows: 2,
      initialValue: VOICE_DEFAULTS.recordingNotice,
      description: 'What every caller hears first while recording is on, and each provider before the caller is joined. It must say the call is recorded and transcribed: several states require telling every party, and a transcription counts as listening in.',
      validation: (rule) =>
        rule
          .custom((value, context) => {
            const doc = (context.document ?? {}) as CallTrackingSite
            const written = typeof value === 'string' && value.trim() !== ''
            if (doc.callTracking?.recording && !written) return 'Recording is on: write what callers hear first, e.g. “This call is recorded and transcribed.”'
            if (written && !saysRecordedAndTranscribed(value)) return 'Say that the call is recorded and transcribed, e.g. “This call is recorded and transcribed to help us serve you better.”'
            return true
          })
          .error(),
    }),
    ...complianceFields.recording,
    defineField({ name: 'recordingRetentionDays', title: 'Keep recordings and transcripts (days)', type: 'number', initialValue: VOICE_DEFAULTS.recordingRetentionDays, description: 'Then they are deleted here and at Twilio.', validation: (rule) => rule.min(1).max(3650).integer() }),
    defineField({ name: 'enhancedConversions', title: 'Enhanced conversions for leads', type: 'boolean', initialValue: false, description: 'Also offer a file with each qualified caller’s number scrambled the way Google asks for (it can match it to the ad click but nobody can read it), while the number is kept.' }),
    ...callRoutingFields,
    defineField({ name: 'disputeDays', title: 'Providers may dispute a call within (days)', type: 'number', initialValue: DISPUTE_DAYS_DEFAULT, description: 'In their portal (/portal), providers dispute a paid call within this many days of it. Empty: 7.', validation: (rule) => rule.min(0).max(90).integer() }),
    ...complianceFields.texts,
    ...complianceFields.licences,
  ],
})
