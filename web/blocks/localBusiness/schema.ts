import { CodeIcon } from '@sanity/icons/Code'
import { defineField, defineType } from 'sanity'
import { optionalString } from '../schemaHelpers'

export const localBusinessSchema = defineType({
  name: 'localBusiness',
  title: 'Business details for search engines',
  type: 'object',
  icon: CodeIcon,
  description:
    'Invisible. Tells search engines this page is a local pest-control business (schema.org LocalBusiness), with the brand name and phone from Site settings.',
  fields: [
    optionalString('description', 'Description'),
    optionalString('areaServed', 'Area served', 'e.g. “United States”.'),
    optionalString('priceRange', 'Price range', 'e.g. “$$”.'),
    defineField({ name: 'ratingValue', title: 'Average rating', type: 'number', validation: (rule) => rule.min(1).max(5).error('Give the average rating from 1 to 5, e.g. 4.8.') }),
    defineField({ name: 'reviewCount', title: 'Number of reviews', type: 'number', validation: (rule) => rule.min(0).integer().error('Give the number of reviews as a whole number, e.g. 120.') }),
  ],
  preview: { prepare: () => ({ title: 'Business details for search engines', subtitle: 'LocalBusiness' }) },
})
