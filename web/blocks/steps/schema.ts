import { OlistIcon } from '@sanity/icons/Olist'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, textRules } from '../schemaHelpers'

export const stepsSchema = defineType({
  name: 'steps',
  title: 'Steps',
  type: 'object',
  icon: OlistIcon,
  description: 'A numbered process, e.g. “Call – Schedule – Pest free”.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading shown above the steps.') }),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 2, description: 'Optional.' }),
    defineField({
      name: 'steps',
      title: 'Steps',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'step',
          fields: [
            defineField({ name: 'title', title: 'Title', type: 'string', validation: textRules('Write the step’s title.') }),
            defineField({ name: 'text', title: 'Text', type: 'text', rows: 2, validation: textRules('Write what happens in this step.') }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: listRules('steps', { min: 2 }),
    }),
    defineField({
      name: 'buttonLabel',
      title: 'Call button label',
      type: 'string',
      description: 'Optional call button under the steps.',
    }),
  ],
  preview: {
    select: { title: 'heading', steps: 'steps' },
    prepare: ({ title, steps }) => ({ title, subtitle: `Steps · ${Array.isArray(steps) ? steps.length : 0}` }),
  },
})
