import { BulbOutlineIcon } from '@sanity/icons/BulbOutline'
import { defineArrayMember, defineField, defineType } from 'sanity'

export const pestListSchema = defineType({
  name: 'pestList',
  title: 'Pest list',
  type: 'object',
  icon: BulbOutlineIcon,
  description: 'A grid of the pests we handle, with a closing call line.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', title: 'Intro paragraph', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({
      name: 'pests',
      title: 'Pest names',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      description: 'Shown in this order, two columns on phones and three on larger screens.',
      validation: (rule) => rule.required().min(2).error('List at least two pests.'),
    }),
    defineField({
      name: 'showImages',
      title: 'Show a small photo beside each pest',
      type: 'boolean',
      initialValue: false,
    }),
    defineField({
      name: 'closingText',
      title: 'Closing line',
      type: 'string',
      description: 'Shown before the phone number, e.g. “Call now for same-day service:”.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'heading', pests: 'pests' },
    prepare: ({ title, pests }) => ({ title, subtitle: `Pest list · ${Array.isArray(pests) ? pests.length : 0} pests` }),
  },
})
