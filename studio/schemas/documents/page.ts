import { DocumentIcon } from '@sanity/icons/Document'
import { defineField, defineType } from 'sanity'
import { pageBuilderBlockTypes } from '../../../web/blocks/schemas'

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'Search engines' },
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Name in the Studio',
      type: 'string',
      group: 'content',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      group: 'content',
      description: 'The part after the domain, e.g. “about-us” for /about-us.',
      options: { source: 'title' },
      validation: (rule) => rule.required().error('Every page needs an address.'),
    }),
    defineField({
      name: 'blocks',
      title: 'Sections',
      type: 'array',
      group: 'content',
      of: pageBuilderBlockTypes.map((type) => ({ type })),
      validation: (rule) => rule.required().min(1).error('Add at least one section.'),
    }),
    defineField({ name: 'seo', title: 'Search engine listing', type: 'seo', group: 'seo', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current' },
    prepare: ({ title, slug }) => ({ title, subtitle: slug ? `/${slug}` : 'No address yet' }),
  },
})
