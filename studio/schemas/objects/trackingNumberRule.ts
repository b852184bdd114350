import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { textRules } from '../../../web/blocks/schemaHelpers'
import { formatUsPhone } from '../../../web/lib/phone'
import { TRACKING_MATCH_TITLES, trackingRuleProblem, trackingRuleProblems, type TrackingMatch, type TrackingNumberRule } from '../../../web/lib/trackingNumbers/trackingNumber'
import { usPhoneRule } from './usPhoneRule'
import { RuleMatches } from '../../RuleMatches'

/**
 * One tracking-number rule of Site settings: visits from a campaign, a source or a state see another
 * number (web/lib/trackingNumbers/trackingNumber.ts chooses it; campaign beats source beats state).
 */
export const trackingNumberRule = defineType({
  name: 'trackingNumberRule',
  title: 'Tracking number rule',
  type: 'object',
  icon: MobileDeviceIcon,
  // The whole rule's problem (e.g. "not a US state code" depends on the kind) on the rule itself.
  validation: (rule) =>
    rule.custom((value) => {
      const problem = value ? trackingRuleProblem(value as TrackingNumberRule) : null
      return problem ?? true
    }),
  fields: [
    defineField({
      name: 'match',
      title: 'When the visit comes from',
      type: 'string',
      options: {
        list: (Object.entries(TRACKING_MATCH_TITLES) as [TrackingMatch, string][]).map(([value, title]) => ({ value, title })),
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: 'campaign',
      validation: (rule) => rule.required().error('Choose what the rule matches: a campaign, a source or a state.'),
    }),
    defineField({
      name: 'value',
      title: 'Value',
      type: 'string',
      description:
        'The campaign or source name in the ad’s address, or the state’s two-letter code (e.g. TX) for visitors located there. Capital letters, spaces, “_” and “-” do not matter: “Spring Promo”, “spring_promo” and “spring-promo” are one campaign.',
      components: { input: RuleMatches },
      validation: textRules('Write the value this rule matches: a campaign or source name, or a state code such as TX.', { max: 100, noun: 'value' }),
    }),
    defineField({
      name: 'phone',
      title: 'Number to show',
      type: 'string',
      description: 'In international form: +1 then 10 digits, no spaces. Every call button and shown number on the page uses it instead of the default.',
      validation: usPhoneRule,
    }),
  ],
  preview: {
    select: { match: 'match', value: 'value', phone: 'phone' },
    prepare: ({ match, value, phone }: { match?: string; value?: string; phone?: string }) => ({
      title: `${TRACKING_MATCH_TITLES[match as TrackingMatch] ?? 'Rule'}: ${value || '(no value yet)'}`,
      subtitle: phone ? formatUsPhone(phone) : 'No number yet',
    }),
  },
})

/** The Site settings field: the list of rules, conflicts refused on the list. */
export const trackingNumbersField = defineField({
  name: 'trackingNumbers',
  title: 'Tracking numbers',
  type: 'array',
  group: 'phone',
  description:
    'Optional. Visits from an ad campaign, a traffic source or a state see another number on every page, and keep a campaign’s or source’s number for the rest of the visit. When several rules match, a campaign rule wins over a source rule, which wins over a state rule; no match shows the phone number above. Live within seconds of publishing.',
  of: [defineArrayMember({ type: 'trackingNumberRule' })],
  // Conflicts between rules, shown under the list (each rule's own mistakes are shown on the rule).
  validation: (rule) =>
    rule.custom((value) => {
      const rules = (value ?? []) as TrackingNumberRule[]
      const conflicts = trackingRuleProblems(rules.filter((item) => trackingRuleProblem(item) === null))
      return conflicts.length === 0 ? true : conflicts.map((problem) => problem.message).join(' ')
    }),
})
