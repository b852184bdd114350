import { defineField } from 'sanity'
import { VOICE_DEFAULTS } from '../../../web/lib/calls/settings'

/**
 * Site settings → Call tracking → the pool's limits per visitor network and address (web/lib/calls/pool/leaseGuard.ts):
 * so that one outsider cannot hold every pool number, while an office or a phone carrier, which puts many real
 * visitors behind one address, still gets numbers.
 */
export const poolVisitLimitsField = defineField({
  name: 'visitLimits',
  title: 'Pool numbers per visitor network',
  type: 'object',
  description: 'Keeps one outsider from holding every pool number. An office or a phone carrier puts many real visitors behind one internet address, so keep these generous.',
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: 'perNetwork',
      title: 'Visits from one network that may hold a tracking number at once',
      type: 'number',
      initialValue: VOICE_DEFAULTS.poolPerNetwork,
      validation: (rule) => rule.min(8).max(1000).integer().error('Use a whole number from 8 to 1000: fewer would turn away real visitors of a busy office or phone carrier.'),
    }),
    defineField({
      name: 'perAddress',
      title: 'Visits from one internet address that may hold a tracking number at once',
      type: 'number',
      initialValue: VOICE_DEFAULTS.poolPerAddress,
      validation: (rule) => rule.min(4).max(1000).integer().error('Use a whole number from 4 to 1000: fewer would turn away real visitors who share one address.'),
    }),
  ],
})
