import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineField, defineType } from 'sanity'
import { listRules, optionalString, previewWith, requiredString } from '../schemaHelpers'

export const callBannerSchema = defineType({
  name: 'callBanner',
  title: 'Call banner',
  type: 'object',
  icon: MobileDeviceIcon,
  description: 'A compact band with a heading, a few features and a call button.',
  fields: [
    requiredString('heading', 'Heading'),
    optionalString('text', 'Text'),
    defineField({ name: 'features', title: 'Features', type: 'array', of: [{ type: 'string', title: 'Feature' }], validation: listRules('features', { min: 0, max: 4 }) }),
    requiredString('buttonLabel', 'Call button label'),
    defineField({
      name: 'tone',
      title: 'Look',
      type: 'string',
      options: { list: [{ title: 'Red', value: 'call' }, { title: 'Green', value: 'brand' }, { title: 'Light', value: 'light' }], layout: 'radio' },
      initialValue: 'brand',
      validation: (rule) => rule.required().error('Choose how this section looks.'),
    }),
  ],
  preview: previewWith('Call banner'),
})
