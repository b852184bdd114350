import { BookIcon } from '@sanity/icons/Book'
import { defineField, defineType } from 'sanity'
import { isUniqueAddress } from './address'

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  icon: BookIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      options: { source: 'title', isUnique: isUniqueAddress },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'effectiveDateLabel',
      title: 'Effective date label',
      type: 'string',
      initialValue: 'Effective date:',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'effectiveDate', title: 'Effective date', type: 'date', validation: (rule) => rule.required() }),
    defineField({ name: 'body', title: 'Text', type: 'blockContent', validation: (rule) => rule.required() }),
    defineField({
      name: 'seo',
      title: 'Search engine listing',
      type: 'seo',
      description: 'Legal pages are normally hidden from search results (noindex, follow).',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'title', date: 'effectiveDate' },
    prepare: ({ title, date }) => ({ title, subtitle: date ? `Effective ${date}` : 'No effective date' }),
  },
})
