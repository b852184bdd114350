import { BookIcon } from '@sanity/icons/Book'
import { LeadPreview } from '../../LeadPreview'
import { defineField, defineType } from 'sanity'
import { textRules } from '../../../web/blocks/schemaHelpers'
import { addressOptionsUnique, addressTaken } from './address'

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  icon: BookIcon,
  components: { input: LeadPreview },
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', validation: textRules('Write the page’s title, e.g. “Privacy Policy”.') }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      options: { source: 'title', isUnique: addressOptionsUnique },
      validation: (rule) => [rule.required().error('Give the page an address: press Generate, or write e.g. “privacy-policy”.'), rule.custom(addressTaken).error()],
    }),
    defineField({
      name: 'effectiveDateLabel',
      title: 'Effective date label',
      type: 'string',
      initialValue: 'Effective date:',
      validation: textRules('Write the words shown before the date, e.g. “Effective date:”.'),
    }),
    defineField({ name: 'effectiveDate', title: 'Effective date', type: 'date', validation: (rule) => rule.required().error('Choose the date these terms take effect.') }),
    defineField({ name: 'body', title: 'Text', type: 'blockContent', validation: (rule) => rule.required().error('Write the text of the page.') }),
    defineField({
      name: 'seo',
      title: 'Search engine listing',
      type: 'seo',
      description: 'Legal pages are normally hidden from search results (noindex, follow).',
      validation: (rule) => rule.required().error('Fill in the search engine listing (Page title and Meta description).'),
    }),
  ],
  preview: {
    select: { title: 'title', date: 'effectiveDate' },
    prepare: ({ title, date }) => ({ title, subtitle: date ? `Effective ${date}` : 'No effective date' }),
  },
})
