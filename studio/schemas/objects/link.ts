import { LinkIcon } from '@sanity/icons/Link'
import { defineField, defineType } from 'sanity'

export const link = defineType({
  name: 'link',
  title: 'Link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'href',
      title: 'Address',
      type: 'string',
      description: 'A page of this site, starting with / (for example /privacy-policy), or a full https:// address.',
      validation: (rule) =>
        rule.required().custom((value) =>
          typeof value === 'string' && /^(\/|https:\/\/)/.test(value)
            ? true
            : 'Start the address with / for a page of this site, or with https://.',
        ).error(),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'href' } },
})
