import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, optionalString, requiredString } from '../schemaHelpers'

export const faqListSchema = defineType({
  name: 'faqList',
  title: 'FAQ',
  type: 'object',
  icon: HelpCircleIcon,
  description: 'Questions and answers from the FAQ list, one open at a time.',
  fields: [
    requiredString('heading', 'Heading'),
    defineField({
      name: 'faqs',
      title: 'Questions',
      type: 'array',
      of: [defineArrayMember({ type: 'reference', title: 'Question', to: [{ type: 'faq' }] })],
      validation: (rule) => [...listRules('questions')(rule), rule.unique().error('Add each question once.')],
    }),
    optionalString('callLineText', 'Closing call line', 'Optional text before the phone number under the questions, e.g. “Still have questions? Call”.'),
    defineField({
      name: 'structuredData',
      title: 'Give search engines the questions as an FAQ',
      type: 'boolean',
      initialValue: false,
      description: 'Off by default: Google shows FAQ results only for well-known government and health sites, and the copy for search engines makes the page slower to arrive on a phone. Turn on only where a search engine you care about shows them.',
    }),
  ],
  preview: {
    select: { title: 'heading', faqs: 'faqs' },
    prepare: ({ title, faqs }: { title?: string; faqs?: unknown[] }) => ({ title, subtitle: `FAQ · ${faqs?.length === 1 ? '1 question' : `${faqs?.length ?? 0} questions`}` }),
  },
})
