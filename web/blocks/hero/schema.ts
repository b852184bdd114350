import { StarIcon } from '@sanity/icons/Star'
import { defineArrayMember, defineField, defineType } from 'sanity'

/** The spec's hero has four benefits; the call-only funnel's hero has three. */
export const BENEFIT_COUNT = 4
export const MIN_BENEFITS = 3

export const heroSchema = defineType({
  name: 'hero',
  title: 'Hero',
  type: 'object',
  icon: StarIcon,
  description: 'The first screen a visitor sees: headline, call button, stars and four benefits.',
  fields: [
    defineField({
      name: 'title',
      title: 'Headline',
      type: 'string',
      description:
        'Big headline. On the generic landing page an ad keyword (kw / slkw) replaces it; this text is the fallback.',
      initialValue: 'Pest Exterminator',
      validation: (rule) => rule.required().max(80).error('Write a headline of at most 80 characters.'),
    }),
    defineField({
      name: 'subtitle',
      title: 'Subheadline',
      type: 'string',
      initialValue: 'Fast, Same-Day Service Available!',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'locationLine',
      title: 'Location line',
      type: 'string',
      description:
        'Shown only when the visitor’s city is known from the ad. Keep the placeholders {city} and {state} where the names belong.',
      initialValue: 'We service {city} and the surrounding area in {state}.',
      validation: (rule) =>
        rule.required().custom((value) =>
          typeof value === 'string' && value.includes('{city}') && value.includes('{state}')
            ? true
            : 'Keep both placeholders {city} and {state} in the sentence.',
        ).error(),
    }),
    defineField({
      name: 'callLineLabel',
      title: 'Call line label',
      type: 'string',
      description: 'Text before the phone number, e.g. “Call 24/7:”. The number itself comes from Site settings.',
      initialValue: 'Call 24/7:',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'buttonLabel',
      title: 'Call button label',
      type: 'string',
      initialValue: 'Call For Fast Service',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'rating',
      title: 'Stars shown',
      type: 'number',
      initialValue: 5,
      validation: (rule) => rule.required().min(1).max(5).precision(1),
    }),
    defineField({
      name: 'ratingLabel',
      title: 'Rating label',
      type: 'string',
      description: 'Read out to screen readers and shown beside the stars, e.g. “Rated 5 stars by local homeowners”.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'benefits',
      title: 'Benefits',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      description: `${MIN_BENEFITS} or ${BENEFIT_COUNT} short benefits, shown as a grid under the call button.`,
      validation: (rule) =>
        rule
          .required()
          .min(MIN_BENEFITS)
          .max(BENEFIT_COUNT)
          .error(`Add ${MIN_BENEFITS} or ${BENEFIT_COUNT} benefits – the grid is designed for three or four.`),
    }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'subtitle' },
    prepare: ({ title, subtitle }) => ({ title: title ?? 'Hero', subtitle: `Hero · ${subtitle ?? ''}` }),
  },
})
