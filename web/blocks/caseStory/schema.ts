import { DocumentTextIcon } from '@sanity/icons/DocumentText'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, optionalString, previewWith, requiredString, textRules } from '../schemaHelpers'

export const caseStorySchema = defineType({
  name: 'caseStory',
  title: 'Case story',
  type: 'object',
  icon: DocumentTextIcon,
  description: 'A short story of a real job, with its key facts (where, cost, how fast).',
  fields: [
    optionalString('eyebrow', 'Small label above the heading'),
    requiredString('heading', 'Heading'),
    defineField({ name: 'story', title: 'Story', type: 'text', rows: 6, validation: textRules('Write the story: what the customer faced and how it was solved.') }),
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
      validation: listRules('facts', { min: 0, max: 4 }),
    }),
    optionalString('buttonLabel', 'Call button label'),
  ],
  preview: previewWith('Case story'),
})
