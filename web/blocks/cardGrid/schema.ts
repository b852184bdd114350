import { ThLargeIcon } from '@sanity/icons/ThLarge'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, textRules } from '../schemaHelpers'

export const cardGridSchema = defineType({
  name: 'cardGrid',
  title: 'Cards',
  type: 'object',
  icon: ThLargeIcon,
  description: 'A heading and a grid of cards, each with a title and a short text (services, reasons to choose us).',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: textRules('Write the heading shown above the cards.') }),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 2, description: 'Optional.' }),
    defineField({
      name: 'cards',
      title: 'Cards',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'card',
          fields: [
            defineField({ name: 'title', title: 'Title', type: 'string', validation: textRules('Write the card’s title.') }),
            defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: textRules('Write the card’s text.') }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: listRules('cards'),
    }),
    defineField({
      name: 'buttonLabel',
      title: 'Call button label',
      type: 'string',
      description: 'Optional call button under the cards.',
    }),
    defineField({
      name: 'cardButtonLabel',
      title: 'Card button label (sample pages)',
      type: 'string',
      description: 'Optional button on each card that does nothing, e.g. “Learn More” on a sample company template.',
    }),
  ],
  preview: {
    select: { title: 'heading', cards: 'cards' },
    prepare: ({ title, cards }) => ({ title, subtitle: `Cards · ${Array.isArray(cards) ? cards.length : 0}` }),
  },
})
