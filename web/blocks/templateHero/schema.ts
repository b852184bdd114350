import { StarIcon } from '@sanity/icons/Star'
import { defineField, defineType } from 'sanity'
import { previewWith, requiredString } from '../schemaHelpers'

export const templateHeroSchema = defineType({
  name: 'templateHero',
  title: 'Sample hero',
  type: 'object',
  icon: StarIcon,
  description: 'The hero of a sample company template: big headline and two buttons that do nothing.',
  fields: [
    requiredString('heading', 'Headline'),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2 }),
    requiredString('primaryLabel', 'First button label'),
    requiredString('secondaryLabel', 'Second button label'),
  ],
  preview: previewWith('Sample hero'),
})
