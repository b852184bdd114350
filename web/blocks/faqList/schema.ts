import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, optionalString, requiredString } from '../schemaHelpers'

export const faqListSchema = defineType({
  name: 'faqList',
  title: 'FAQ',
  type: 'object',
  icon: HelpCircleIcon,
  description: 'Questions and answers from the FAQ list, one open at a time. Search engines see them as an FAQ.',
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
  ],
  preview: {
    select: { title: 'heading', faqs: 'faqs' },
    prepare: ({ title, faqs }: { title?: string; faqs?: unknown[] }) => ({ title, subtitle: `FAQ · ${faqs?.length === 1 ? '1 question' : `${faqs?.length ?? 0} questions`}` }),
  },
})
