import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { dialsSameNumber, formatUsPhone, isUsE164 } from '../../../web/lib/phone'

export const SITE_SETTINGS_ID = 'siteSettings'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'phone', title: 'Phone', default: true },
    { name: 'brand', title: 'Brand' },
    { name: 'footer', title: 'Footer' },
    { name: 'seo', title: 'Search engines' },
    { name: 'notFound', title: 'Page not found' },
  ],
  fields: [
    defineField({
      name: 'phone',
      title: 'Phone number',
      type: 'string',
      group: 'phone',
      description:
        'The one number every call button dials, in international form: +1 then 10 digits, no spaces (for example +18885550142). Changing it here changes every page.',
      validation: (rule) =>
        rule.required().custom((value) =>
          typeof value === 'string' && isUsE164(value)
            ? true
            : 'Write the number as +1 followed by the 10-digit US number, with no spaces or dashes, e.g. +18885550142.',
        ).error(),
    }),
    defineField({
      name: 'phoneDisplay',
      title: 'Phone number as shown',
      type: 'string',
      group: 'phone',
      description: 'Optional. How the number is written on the page. Leave empty to show it as (888) 555-0142.',
      validation: (rule) =>
        rule.custom((value, context) => {
          const phone = (context.document as { phone?: string } | undefined)?.phone
          if (!value || !phone) return true
          return dialsSameNumber(value, phone)
            ? true
            : `This must be the same number as the phone number above (${formatUsPhone(phone)}).`
        }).error(),
    }),
    defineField({
      name: 'callLabel',
      title: 'Call label',
      type: 'string',
      group: 'phone',
      description: 'Short reassurance shown near call buttons.',
      initialValue: 'FREE consultation • Same-day service • No obligation quote',
      validation: (rule) => rule.required().max(90),
    }),
    defineField({
      name: 'headerLabel',
      title: 'Header label',
      type: 'string',
      group: 'phone',
      description: 'Shown before the call button in the header on wide screens.',
      initialValue: 'Speak with our expert:',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'stickyCallLabel',
      title: 'Phone call bar label',
      type: 'string',
      group: 'phone',
      description: 'The button fixed to the bottom of the screen on phones.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'brandName',
      title: 'Brand name',
      type: 'string',
      group: 'brand',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'logo',
      title: 'Logo',
      type: 'image',
      group: 'brand',
      description: 'Optional. Without a logo the header shows a shield icon and the brand name.',
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          description: 'Describe the logo for people who cannot see it, e.g. “Pest Control Experts logo”.',
          validation: (rule) =>
            rule.custom((value, context) => {
              const parent = context.parent as { asset?: unknown } | undefined
              return parent?.asset && !value ? 'Describe the logo for screen readers.' : true
            }).error(),
        }),
      ],
    }),
    defineField({
      name: 'skipLinkLabel',
      title: 'Skip link label',
      type: 'string',
      group: 'brand',
      description: 'Read out first by screen readers, lets keyboard users jump to the content.',
      initialValue: 'Skip to content',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'homePage',
      title: 'Home page',
      type: 'reference',
      to: [{ type: 'page' }],
      group: 'brand',
      description: 'The page served at the site address itself (/).',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'footerText',
      title: 'Footer text',
      type: 'text',
      rows: 4,
      group: 'footer',
      description: 'Who we are, in one or two sentences (a free referral service to independent local providers).',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'footerLinks',
      title: 'Footer links',
      type: 'array',
      group: 'footer',
      of: [defineArrayMember({ type: 'link' })],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'copyright',
      title: 'Copyright line',
      type: 'string',
      group: 'footer',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'seo',
      title: 'Default search listing',
      type: 'object',
      group: 'seo',
      description: 'Used when a page does not set its own.',
      fields: [
        defineField({ name: 'title', title: 'Site title', type: 'string', validation: (rule) => rule.required() }),
        defineField({
          name: 'description',
          title: 'Description',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required().max(160).error('Shorten the description to 160 characters or fewer.'),
        }),
      ],
    }),
    defineField({
      name: 'notFound',
      title: 'Page not found',
      type: 'object',
      group: 'notFound',
      description: 'What a visitor sees at an address that does not exist.',
      fields: [
        defineField({ name: 'code', title: 'Big code', type: 'string', initialValue: '404', validation: (rule) => rule.required() }),
        defineField({
          name: 'heading',
          title: 'Message',
          type: 'string',
          initialValue: 'Oops! Page not found',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'linkLabel',
          title: 'Home link label',
          type: 'string',
          initialValue: 'Return to Home',
          validation: (rule) => rule.required(),
        }),
      ],
    }),
  ],
  preview: {
    select: { phone: 'phone' },
    prepare: ({ phone }) => ({ title: 'Site settings', subtitle: phone ? formatUsPhone(phone) : 'No phone number yet' }),
  },
})
