import { StarFilledIcon } from '@sanity/icons/StarFilled'
import { defineField, defineType } from 'sanity'
import { optionalString, stringList, textRules } from '../schemaHelpers'

export const badgesSchema = defineType({
  name: 'badges',
  title: 'Rating and trust badges',
  type: 'object',
  icon: StarFilledIcon,
  description: 'A strip of short trust badges, optionally with a heading and a review score.',
  fields: [
    optionalString('heading', 'Heading', 'Optional. On a page without a hero this is the page title.'),
    defineField({
      name: 'rating',
      title: 'Review score',
      type: 'object',
      description: 'Optional. Shown as stars with the score and the number of reviews.',
      fields: [
        defineField({ name: 'score', title: 'Score', type: 'number', validation: (rule) => rule.required().min(0).max(5).precision(1).error('Give the score from 0 to 5, with at most one decimal, e.g. 4.8.') }),
        defineField({ name: 'outOf', title: 'Out of', type: 'number', initialValue: 5, validation: (rule) => rule.required().min(1).error('Give the top of the scale, usually 5.') }),
        defineField({ name: 'reviewCount', title: 'Number of reviews', type: 'number', validation: (rule) => rule.required().min(0).integer().error('Give the number of reviews as a whole number, e.g. 120.') }),
        defineField({ name: 'reviewsLabel', title: 'Reviews label', type: 'string', description: 'Shown after the number, e.g. “reviews”.', validation: textRules('Write the word shown after the number of reviews, e.g. “reviews”.') }),
      ],
    }),
    stringList('badges', 'Badges', { min: 1, max: 8 }),
    defineField({
      name: 'tone',
      title: 'Look',
      type: 'string',
      options: { list: [{ title: 'Light', value: 'light' }, { title: 'Green', value: 'brand' }], layout: 'radio' },
      initialValue: 'light',
      validation: (rule) => rule.required().error('Choose how this section looks.'),
    }),
  ],
  preview: {
    select: { title: 'heading', badges: 'badges' },
    prepare: ({ title, badges }: { title?: string; badges?: string[] }) => ({ title: title || badges?.join(' · ') || 'Badges', subtitle: 'Rating and trust badges' }),
  },
})
