import { CodeIcon } from '@sanity/icons/Code'
import { defineField, defineType } from 'sanity'
import { optionalString } from '../schemaHelpers'

/**
 * The page's schema.org Service (stored as `localBusiness`, its first name): the site as the broker of a free
 * referral to independent local providers, never a LocalBusiness with an address.
 */
export const localBusinessSchema = defineType({
  name: 'localBusiness',
  title: 'Service details for search engines',
  type: 'object',
  icon: CodeIcon,
  description:
    'Invisible. Tells search engines what this page offers: a free referral service (schema.org Service) whose broker is the site, with the brand name and phone from Site settings. Every page has one; this section adds its own description, area and rating.',
  fields: [
    optionalString('description', 'Description', 'Empty: the footer text (the referral disclosure).'),
    optionalString('areaServed', 'Area served', 'e.g. “United States”. A page about a place (a visitor’s city, a service-area page) names that place instead.'),
    defineField({ name: 'priceRange', title: 'Price range', type: 'string', deprecated: { reason: 'A referral service has no price range of its own; search engines are no longer told one.' }, readOnly: true }),
    defineField({ name: 'ratingValue', title: 'Average rating', type: 'number', description: 'Given to search engines only with Site settings → Reviews address, where the rating comes from.', validation: (rule) => rule.min(1).max(5).error('Give the average rating from 1 to 5, e.g. 4.8.') }),
    defineField({ name: 'reviewCount', title: 'Number of reviews', type: 'number', validation: (rule) => rule.min(0).integer().error('Give the number of reviews as a whole number, e.g. 120.') }),
  ],
  preview: { prepare: () => ({ title: 'Service details for search engines', subtitle: 'Service' }) },
})
