import { defineField } from 'sanity'
import { ROUTING_DEFAULTS } from '../../../web/lib/providers/routingSettings'

/**
 * Site settings → Call tracking, routing to providers (web/lib/providers): which provider a call reaches,
 * how long each rings, and the text a missed caller gets. Spread into the Call tracking group.
 */
export const callRoutingFields = [
  defineField({ name: 'routing', title: 'Route calls to providers', type: 'boolean', initialValue: false, description: 'On: each call goes to a provider who serves the caller’s area and pest and is open now (the Providers list), then the next one, then the business line. Off: every call goes to the business line.' }),
  defineField({ name: 'ringSeconds', title: 'Ring each provider (seconds)', type: 'number', initialValue: ROUTING_DEFAULTS.ringSeconds, validation: (rule) => rule.min(5).max(60).integer() }),
  defineField({ name: 'maxProviders', title: 'Providers tried per call', type: 'number', initialValue: ROUTING_DEFAULTS.maxProviders, description: 'Then the business line, if set; then the message to a caller nobody answered.', validation: (rule) => rule.min(1).max(10).integer() }),
  defineField({ name: 'askZipWhenUnknown', title: 'Ask for the ZIP code when the place is unknown', type: 'boolean', initialValue: false, description: 'A caller not joined to an ad visit from a known place is asked to key in their ZIP code.' }),
  defineField({ name: 'zipPrompt', title: 'What the caller hears to key in the ZIP code', type: 'string', description: `Empty: “${ROUTING_DEFAULTS.zipPrompt}”.`, validation: (rule) => rule.max(200) }),
  defineField({
    name: 'textBack',
    title: 'Text a missed caller',
    type: 'object',
    options: { collapsible: true, collapsed: false },
    fields: [
      defineField({ name: 'enabled', title: 'Text a caller nobody answered', type: 'boolean', initialValue: false, description: 'One text message from the number they called. Never to a caller who replied STOP.' }),
      defineField({ name: 'body', title: 'Text', type: 'text', rows: 2, description: 'e.g. “Sorry we missed your call. A local pro will call you back shortly. Reply STOP to opt out.”', validation: (rule) => rule.max(320) }),
      defineField({ name: 'onceEveryHours', title: 'At most once per caller in (hours)', type: 'number', initialValue: ROUTING_DEFAULTS.textBackOnceEveryHours, validation: (rule) => rule.min(1).max(24 * 30).integer() }),
    ],
    validation: (rule) => rule.custom((value) => ((value as { enabled?: boolean; body?: string } | undefined)?.enabled && !(value as { body?: string }).body?.trim() ? 'Write the text a missed caller gets, or turn the text off.' : true)).error(),
  }),
]
