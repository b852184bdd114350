import { ThListIcon } from '@sanity/icons/ThList'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, optionalString, previewWith, requiredString } from '../schemaHelpers'

export const comparisonTableSchema = defineType({
  name: 'comparisonTable',
  title: 'Comparison table',
  type: 'object',
  icon: ThListIcon,
  description: 'A table of methods and how often they fail, readable on a phone.',
  fields: [
    requiredString('heading', 'Heading'),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 2 }),
    requiredString('methodLabel', 'Column heading: method', 'e.g. “Repellent method”.'),
    requiredString('rateLabel', 'Column heading: failure rate', 'e.g. “Failure rate”.'),
    requiredString('noteLabel', 'Column heading: why', 'e.g. “Why it fails”.'),
    defineField({
      name: 'rows',
      title: 'Rows',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'comparisonRow',
          fields: [
            requiredString('method', 'Method'),
            defineField({
              name: 'failureRate',
              title: 'Failure rate (%)',
              type: 'number',
              validation: (rule) => rule.required().min(0).max(100).integer().error('Enter a whole percentage from 0 to 100.'),
            }),
            requiredString('note', 'Why it fails'),
          ],
          preview: {
            select: { title: 'method', rate: 'failureRate' },
            prepare: ({ title, rate }: { title?: string; rate?: number }) => ({ title, subtitle: `${rate ?? '?'} % fail` }),
          },
        }),
      ],
      validation: listRules('rows'),
    }),
    optionalString('footnote', 'Footnote', 'Small print under the table, e.g. where the figures come from.'),
  ],
  preview: previewWith('Comparison table'),
})
