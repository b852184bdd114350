import { TextIcon } from '@sanity/icons/Text'
import { defineField, defineType } from 'sanity'

export const textSectionSchema = defineType({
  name: 'textSection',
  title: 'Text section',
  type: 'object',
  icon: TextIcon,
  description: 'A heading and formatted text: explanations, About copy, informational blocks.',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', description: 'Optional.' }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'blockContent',
      validation: (rule) => rule.required().error('Write the text of this section.'),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title: title ?? 'Text', subtitle: 'Text section' }),
  },
})
