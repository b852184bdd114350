import { defineArrayMember, defineField } from 'sanity'
import { VOICE_DEFAULTS } from '../../../web/lib/calls/settings'
import { USPS_STATES } from '../../../web/lib/providers/provider'

/**
 * Site settings → Call tracking, what the rules ask of calls and texts (docs/calls.md, "Rules you must follow"):
 * whose calls are recorded, the texts' hourly budget and who answers HELP, and the states where a provider needs
 * a licence. Spread into the Call tracking group.
 */
export const complianceFields = {
  recording: [
    defineField({
      name: 'recordCallsFrom',
      title: 'Record calls from',
      type: 'string',
      options: {
        list: [
          { value: 'everyState', title: 'Every state: the caller and the provider hear the announcement first' },
          { value: 'onePartyStates', title: 'One-party-consent states only: calls from all-party-consent states, or from an unknown place, are neither recorded nor transcribed' },
        ],
        layout: 'radio',
      },
      initialValue: 'everyState',
      description: 'Where the caller is: the ad visit’s place, the ZIP code they keyed in, or the state of their number. All-party-consent states: CA, CT, DE, FL, IL, MD, MA, MI, MT, NV, NH, PA, WA.',
    }),
  ],
  texts: [
    defineField({
      name: 'textsPerHour',
      title: 'Texts per hour',
      type: 'number',
      initialValue: VOICE_DEFAULTS.textsPerHour,
      description: 'At most this many texts to callers in any hour, site-wide. Past it texts wait and go out later, and the Calls tool shows an alarm: a flood of missed calls from made-up numbers cannot run up the bill.',
      validation: (rule) => rule.min(1).max(10_000).integer().error('Write a whole number of texts from 1 to 10,000.'),
    }),
    defineField({
      name: 'advancedOptOut',
      title: 'Twilio’s Advanced Opt-Out answers HELP',
      type: 'boolean',
      initialValue: false,
      description: 'On only when the Messaging Service’s Advanced Opt-Out (Twilio console → Messaging → Services → Opt-Out Management) sends its own HELP answer: the site then does not answer HELP or INFO itself, so a caller gets one answer, not two.',
    }),
  ],
  licences: [
    defineField({
      name: 'licenceStates',
      title: 'States that require a provider licence',
      type: 'array',
      of: [defineArrayMember({ type: 'string', title: 'State' })],
      options: { layout: 'tags' },
      initialValue: [...VOICE_DEFAULTS.licenceStates],
      description: 'Two capital letters each. A caller located in one of these states is never routed to a provider without a licence number for it (the next provider gets the call). Florida and California ask for one in pest-control advertising and referrals; have counsel confirm for your states.',
      validation: (rule) => rule.custom((states) => (states ?? []).map((state) => (USPS_STATES.has(String(state)) ? null : `“${String(state)}” is not a state: write its two capital letters, e.g. FL.`)).find(Boolean) ?? true).error(),
    }),
  ],
}
