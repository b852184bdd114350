import { defineField } from 'sanity'
import { ROUTING_DEFAULTS } from '../../../web/lib/providers/routingSettings'
import { DEFAULT_SPOKEN_REFERRAL } from '../../../web/lib/calls/consent/referral'
import { HelpReplyField, TextBackBodyField } from '../../components/FinalText'

/**
 * Site settings → Call tracking, routing to providers (web/lib/providers): which provider a call reaches,
 * how long each rings, and the text a missed caller gets. Spread into the Call tracking group.
 */
export const callRoutingFields = [
  defineField({ name: 'routing', title: 'Route calls to providers', type: 'boolean', initialValue: false, description: 'On: each call goes to a provider who serves the caller’s area and pest and is open now (the Providers list), then the next one, then the business line. Off: every call goes to the business line.' }),
  defineField({ name: 'ringSeconds', title: 'Ring each provider (seconds)', type: 'number', initialValue: ROUTING_DEFAULTS.ringSeconds, validation: (rule) => rule.min(5).max(60).integer() }),
  defineField({ name: 'maxProviders', title: 'Providers tried per call', type: 'number', initialValue: ROUTING_DEFAULTS.maxProviders, description: 'Then the business line, if set; then the message to a caller nobody answered.', validation: (rule) => rule.min(1).max(10).integer() }),
  defineField({ name: 'askZipWhenUnknown', title: 'Ask for the ZIP code when the place is unknown', type: 'boolean', initialValue: false, description: 'A caller not joined to an ad visit from a known place is asked to key in their ZIP code.' }),
  defineField({
    name: 'spokenReferral',
    title: 'What the caller hears first',
    type: 'text',
    rows: 2,
    initialValue: DEFAULT_SPOKEN_REFERRAL,
    description: 'Said before the first ring while routing is on: that the site is a free referral service connecting the caller with an independent local provider. {business} is the brand name. Reword it, but keep it.',
    validation: (rule) => [
      rule
        .custom((value, context) => {
          const routing = (context.document as { callTracking?: { routing?: boolean } } | undefined)?.callTracking?.routing
          return routing && !(typeof value === 'string' && value.trim()) ? 'Routing is on: write what callers hear first, e.g. “Thanks for calling {business}, a free referral service; we’ll connect you with an independent local provider.”' : true
        })
        .error(),
      rule.custom((value) => (typeof value === 'string' && value.trim() && !/referral/i.test(value) ? 'Say that this is a referral service, e.g. “… a free referral service; we’ll connect you with an independent local provider.”' : true)).warning(),
      rule.max(300),
    ],
  }),
  defineField({ name: 'zipPrompt', title: 'What the caller hears to key in the ZIP code', type: 'string', description: `Empty: “${ROUTING_DEFAULTS.zipPrompt}”.`, validation: (rule) => rule.max(200) }),
  defineField({
    name: 'textBack',
    title: 'Text a missed caller',
    type: 'object',
    options: { collapsible: true, collapsed: false },
    fields: [
      defineField({ name: 'enabled', title: 'Text a caller nobody answered', type: 'boolean', initialValue: false, description: 'One text message from the number they called, only to a US number, never to a withheld number, a call that failed STIR/SHAKEN or a caller who replied STOP. Needs a Twilio Messaging Service with a registered campaign: ask the developer to set it up.' }),
      defineField({ name: 'body', title: 'Text', type: 'text', rows: 2, components: { field: TextBackBodyField }, validation: (rule) => rule.max(320) }),
      defineField({ name: 'helpReply', title: 'Answer to HELP', type: 'text', rows: 2, components: { field: HelpReplyField }, description: 'Sent to a caller who texts HELP or INFO.', validation: (rule) => rule.max(280) }),
      defineField({ name: 'onceEveryHours', title: 'At most once per caller in (hours)', type: 'number', initialValue: ROUTING_DEFAULTS.textBackOnceEveryHours, validation: (rule) => rule.min(1).max(24 * 30).integer() }),
    ],
    validation: (rule) => rule.custom((value) => ((value as { enabled?: boolean; body?: string } | undefined)?.enabled && !(value as { body?: string }).body?.trim() ? 'Write the text a missed caller gets, or turn the text off.' : true)).error(),
  }),
]
