import { WarningOutlineIcon } from '@sanity/icons/WarningOutline'
import { defineField, defineType } from 'sanity'

export const urgencySchema = defineType({
  name: 'urgency',
  title: 'Urgency banner',
  type: 'object',
  icon: WarningOutlineIcon,
  description: 'A highlighted warning about waiting too long, with a call button.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({ name: 'buttonLabel', title: 'Call button label', type: 'string', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Urgency banner' }),
  },
})
