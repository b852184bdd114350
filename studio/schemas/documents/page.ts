import { DocumentIcon } from '@sanity/icons/Document'
import { defineField, defineType } from 'sanity'
import { pageBuilderBlockTypes } from '../../../web/blocks/schemas'
import { isUniqueAddress } from './address'

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
      options: { source: 'title', isUnique: isUniqueAddress },
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
    defineField({
      name: 'chrome',
      title: 'Site header and footer',
      type: 'string',
      group: 'content',
      description: 'Sample company templates use their own header and footer sections instead.',
      options: {
        list: [
          { title: 'Show the site’s header and footer', value: 'site' },
          { title: 'None (the page brings its own)', value: 'none' },
        ],
        layout: 'radio',
      },
      initialValue: 'site',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'callBar',
      title: 'Phone call bar',
      type: 'string',
      group: 'content',
      description: 'The call button fixed to the bottom of the screen.',
      options: {
        list: [
          { title: 'Always, on phones', value: 'phones' },
          { title: 'After the visitor scrolls past the hero, on every screen', value: 'afterHero' },
          { title: 'None', value: 'none' },
        ],
        layout: 'radio',
      },
      initialValue: 'phones',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'callToast',
      title: 'Message when a call button is tapped',
      type: 'object',
      group: 'content',
      description: 'Optional. Shows a short message while the phone opens the dialer.',
      fields: [
        defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'message', title: 'Message', type: 'string', validation: (rule) => rule.required() }),
      ],
    }),
    defineField({ name: 'seo', title: 'Search engine listing', type: 'seo', group: 'seo', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current' },
    prepare: ({ title, slug }) => ({ title, subtitle: slug ? `/${slug}` : 'No address yet' }),
  },
})
