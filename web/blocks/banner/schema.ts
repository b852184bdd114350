import { BellIcon } from '@sanity/icons/Bell'
import { defineField, defineType } from 'sanity'
import { optionalString, previewWith, requiredString } from '../schemaHelpers'

export const bannerSchema = defineType({
  name: 'banner',
  title: 'Banner',
  type: 'object',
  icon: BellIcon,
  description: 'A coloured band with a heading, text and an optional button that does nothing (sample pages).',
  fields: [
    requiredString('heading', 'Heading'),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
    optionalString('buttonLabel', 'Button label', 'Optional. The button does nothing: use it on sample templates only.'),
    defineField({
      name: 'tone',
      title: 'Look',
      type: 'string',
      options: { list: [{ title: 'Green', value: 'brand' }, { title: 'Light', value: 'light' }, { title: 'Dark', value: 'dark' }], layout: 'radio' },
      initialValue: 'light',
      validation: (rule) => rule.required().error('Choose how this section looks.'),
    }),
  ],
  preview: previewWith('Banner'),
})
