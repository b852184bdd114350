import { UlistIcon } from '@sanity/icons/Ulist'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, textRules } from '../schemaHelpers'

export const bulletListSchema = defineType({
  name: 'bulletList',
  title: 'Text with bullet list',
  type: 'object',
  icon: UlistIcon,
  description: 'A heading, explanatory text and a checklist of bullets.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading shown above this section.') }),
    defineField({ name: 'body', title: 'Text', type: 'blockContent', description: 'Shown above the bullets.' }),
    defineField({ name: 'listHeading', title: 'Bullet list heading', type: 'string', description: 'Optional.' }),
    defineField({
      name: 'items',
      title: 'Bullets',
      type: 'array',
      of: [defineArrayMember({ type: 'string', title: 'Bullet' })],
      validation: listRules('bullets'),
    }),
  ],
  preview: {
    select: { title: 'heading', items: 'items' },
    prepare: ({ title, items }) => ({ title, subtitle: `Bullets · ${Array.isArray(items) ? items.length : 0}` }),
  },
})
