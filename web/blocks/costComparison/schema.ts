import { SplitHorizontalIcon } from '@sanity/icons/SplitHorizontal'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, optionalString, previewWith, requiredString, stringList } from '../schemaHelpers'

export const costComparisonSchema = defineType({
  name: 'costComparison',
  title: 'Cost comparison',
  type: 'object',
  icon: SplitHorizontalIcon,
  description: 'Two options side by side (do it yourself against a professional), one of them recommended.',
  fields: [
    requiredString('heading', 'Heading'),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 2 }),
    defineField({
      name: 'options',
      title: 'Options',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'costOption',
          fields: [
            requiredString('title', 'Title'),
            requiredString('price', 'Price', 'e.g. “$50-200+”.'),
            optionalString('recurring', 'Recurring cost', 'e.g. “+ $20-50 every month”.'),
            requiredString('successRate', 'Success rate', 'e.g. “10-20% success”.'),
            stringList('points', 'Points', { min: 1, max: 6 }),
            defineField({ name: 'recommended', title: 'Recommended', type: 'boolean', initialValue: false }),
          ],
          preview: { select: { title: 'title', subtitle: 'price' } },
        }),
      ],
      validation: listRules('options', { min: 2, max: 2 }),
    }),
    optionalString('buttonLabel', 'Call button label'),
  ],
  preview: previewWith('Cost comparison'),
})
