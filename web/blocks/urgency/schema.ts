import { WarningOutlineIcon } from '@sanity/icons/WarningOutline'
import { defineField, defineType } from 'sanity'
import { textRules } from '../schemaHelpers'

export const urgencySchema = defineType({
  name: 'urgency',
  title: 'Urgency banner',
  type: 'object',
  icon: WarningOutlineIcon,
  description: 'A highlighted warning about waiting too long, with a call button.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading, e.g. “Don’t wait: pests multiply fast”.') }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: textRules('Write why acting now matters.') }),
    defineField({ name: 'buttonLabel', title: 'Call button label', type: 'string', validation: textRules('Write the call button’s text, e.g. “Call Now”.') }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Urgency banner' }),
  },
})
