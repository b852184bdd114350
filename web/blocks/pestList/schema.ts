import { BulbOutlineIcon } from '@sanity/icons/BulbOutline'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, textRules } from '../schemaHelpers'

export const pestListSchema = defineType({
  name: 'pestList',
  title: 'Pest list',
  type: 'object',
  icon: BulbOutlineIcon,
  description: 'A grid of the pests we handle, with a closing call line.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading shown above the pests.') }),
    defineField({ name: 'intro', title: 'Intro paragraph', type: 'text', rows: 3, validation: textRules('Write the paragraph shown under the heading.') }),
    defineField({
      name: 'pests',
      title: 'Pest names',
      type: 'array',
      of: [defineArrayMember({ type: 'string', title: 'Pest name' })],
      description: 'Shown in this order, two columns on phones and three on larger screens.',
      validation: listRules('pests', { min: 2 }),
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
      validation: textRules('Write the line shown before the phone number, e.g. “Call now for same-day service:”.'),
    }),
  ],
  preview: {
    select: { title: 'heading', pests: 'pests' },
    prepare: ({ title, pests }) => ({ title, subtitle: `Pest list · ${Array.isArray(pests) && pests.length === 1 ? '1 pest' : `${Array.isArray(pests) ? pests.length : 0} pests`}` }),
  },
})
