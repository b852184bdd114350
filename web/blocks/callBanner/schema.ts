import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineField, defineType } from 'sanity'
import { optionalString, previewWith, requiredString } from '../schemaHelpers'

export const callBannerSchema = defineType({
  name: 'callBanner',
  title: 'Call banner',
  type: 'object',
  icon: MobileDeviceIcon,
  description: 'A compact band with a heading, a few features and a call button.',
  fields: [
    requiredString('heading', 'Heading'),
    optionalString('text', 'Text'),
    defineField({ name: 'features', title: 'Features', type: 'array', of: [{ type: 'string' }], validation: (rule) => rule.max(4) }),
    requiredString('buttonLabel', 'Call button label'),
    defineField({
      name: 'tone',
      title: 'Look',
      type: 'string',
      options: { list: [{ title: 'Red', value: 'call' }, { title: 'Green', value: 'brand' }, { title: 'Light', value: 'light' }], layout: 'radio' },
      initialValue: 'brand',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: previewWith('Call banner'),
})
