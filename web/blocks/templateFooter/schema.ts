import { BlockElementIcon } from '@sanity/icons/BlockElement'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, requiredString, stringList } from '../schemaHelpers'

export const templateFooterSchema = defineType({
  name: 'templateFooter',
  title: 'Sample footer',
  type: 'object',
  icon: BlockElementIcon,
  description: 'The footer of a sample company template, with placeholder contact details.',
  fields: [
    requiredString('brand', 'Company name'),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2 }),
    defineField({
      name: 'columns',
      title: 'Columns',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'footerColumn',
          fields: [requiredString('heading', 'Heading'), stringList('items', 'Items', { min: 1, max: 8 })],
          preview: { select: { title: 'heading' } },
        }),
      ],
      validation: listRules('columns', { min: 0, max: 3 }),
    }),
    stringList('contactLines', 'Contact details', { min: 1, max: 4, description: 'Placeholder address, phone and email of the sample company.' }),
    requiredString('copyright', 'Copyright line'),
  ],
  preview: { select: { title: 'brand' }, prepare: ({ title }: { title?: string }) => ({ title, subtitle: 'Sample footer' }) },
})
