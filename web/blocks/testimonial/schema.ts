import { CommentIcon } from '@sanity/icons/Comment'
import { defineField, defineType } from 'sanity'
import { optionalString, requiredString, textRules } from '../schemaHelpers'

export const testimonialSchema = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'object',
  icon: CommentIcon,
  fields: [
    defineField({ name: 'quote', title: 'Quote', type: 'text', rows: 4, validation: textRules('Write what the customer said.') }),
    requiredString('author', 'Who said it'),
    optionalString('detail', 'Detail', 'e.g. the town, or the service they had.'),
    defineField({ name: 'rating', title: 'Stars', type: 'number', initialValue: 5, validation: (rule) => rule.required().min(1).max(5).integer().error('Give 1 to 5 whole stars.') }),
    optionalString('ratingLabel', 'Stars label for screen readers', 'e.g. “5 out of 5 stars”.'),
  ],
  preview: { select: { title: 'author', subtitle: 'quote' } },
})
