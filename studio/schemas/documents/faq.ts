import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineField, defineType } from 'sanity'
import { textRules } from '../../../web/blocks/schemaHelpers'

export const faq = defineType({
  name: 'faq',
  title: 'FAQ',
  type: 'document',
  icon: HelpCircleIcon,
  fields: [
    defineField({ name: 'question', title: 'Question', type: 'string', validation: textRules('Write the question as a visitor would ask it.') }),
    defineField({ name: 'answer', title: 'Answer', type: 'blockContent', validation: (rule) => rule.required().error('Write the answer.') }),
  ],
  preview: { select: { title: 'question' } },
})
