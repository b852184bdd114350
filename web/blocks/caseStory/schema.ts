import { DocumentTextIcon } from '@sanity/icons/DocumentText'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { optionalString, previewWith, requiredString } from '../schemaHelpers'

export const caseStorySchema = defineType({
  name: 'caseStory',
  title: 'Case story',
  type: 'object',
  icon: DocumentTextIcon,
  description: 'A short story of a real job, with its key facts (where, cost, how fast).',
  fields: [
    optionalString('eyebrow', 'Small label above the heading'),
    requiredString('heading', 'Heading'),
    defineField({ name: 'story', title: 'Story', type: 'text', rows: 6, validation: (rule) => rule.required() }),
    defineField({
      name: 'facts',
      title: 'Facts',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'fact',
          fields: [requiredString('label', 'Label'), requiredString('value', 'Value')],
          preview: { select: { title: 'label', subtitle: 'value' } },
        }),
      ],
      validation: (rule) => rule.max(4),
    }),
    optionalString('buttonLabel', 'Call button label'),
  ],
  preview: previewWith('Case story'),
})
