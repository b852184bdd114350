import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineField, defineType } from 'sanity'
import { textRules } from '../schemaHelpers'

export const callToActionSchema = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  icon: MobileDeviceIcon,
  description: 'A closing band with a big call button. The number comes from Site settings.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading of the call to action, e.g. “Get rid of pests today”.') }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2, description: 'Optional.' }),
    defineField({ name: 'buttonLabel', title: 'Call button label', type: 'string', validation: textRules('Write the call button’s text, e.g. “Call Now”.') }),
    defineField({
      name: 'showCallLabel',
      title: 'Show the call label from Site settings under the button',
      type: 'boolean',
      description: 'e.g. “FREE consultation • Same-day service • No obligation quote”.',
      initialValue: true,
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Call to action' }),
  },
})
