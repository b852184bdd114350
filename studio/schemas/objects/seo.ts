import { SearchIcon } from '@sanity/icons/Search'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { textRules } from '../../../web/blocks/schemaHelpers'

export const META_DESCRIPTION_MAX = 160

/** Why a meta description cannot be published as written, or null. The number lives in Site settings only. */
export function metaDescriptionProblem(value: string | undefined): string | null {
  if (!value) return null
  if (/\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/.test(value)) {
    return 'Write {phone} instead of the number: the site fills in the number from Site settings.'
  }
  const unknown = value.match(/\{[^}]*\}/g)?.find((placeholder) => placeholder !== '{phone}')
  return unknown ? `${unknown} is not a placeholder the site knows; only {phone} is filled in.` : null
}

export const ROBOTS_OPTIONS = [
  { title: 'Show in search results (index, follow)', value: 'index,follow' },
  { title: 'Hide from search results, follow links (noindex, follow)', value: 'noindex,follow' },
  { title: 'Hide completely (noindex, nofollow)', value: 'noindex,nofollow' },
] as const

export const seo = defineType({
  name: 'seo',
  title: 'Search engine listing',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: false },
  fields: [
    defineField({
      name: 'title',
      title: 'Page title',
      type: 'string',
      description: 'Shown in the browser tab and as the blue link in Google. Aim for 50–60 characters.',
      validation: (rule) => [
        rule.required().error('Write the title search results show for this page, e.g. “Termite Control | Local Pest Experts”.'),
        rule.custom((value?: string) => (value && value.length > 70 ? `Google cuts titles longer than about 60 characters — this one has ${value.length}.` : true)).warning(),
      ],
    }),
    defineField({
      name: 'description',
      title: 'Meta description',
      type: 'text',
      rows: 3,
      description: `The grey text under the link in Google. At most ${META_DESCRIPTION_MAX} characters. Write {phone} where the phone number belongs: the site fills in the number from Site settings.`,
      validation: (rule) => [
        ...textRules('Write the sentence search results show under the title, e.g. “Same-day termite treatment from licensed local pros. Call {phone}.”.', {
          max: META_DESCRIPTION_MAX,
          noun: 'description',
          why: 'Google cuts the rest',
        })(rule),
        rule.custom((value) => metaDescriptionProblem(value) ?? true).error(),
      ],
    }),
    defineField({
      name: 'keywords',
      title: 'Keywords',
      type: 'array',
      of: [defineArrayMember({ type: 'string', title: 'Keyword' })],
      options: { layout: 'tags' },
    }),
    defineField({
      name: 'robots',
      title: 'Search engine visibility',
      type: 'string',
      options: { list: [...ROBOTS_OPTIONS], layout: 'radio' },
      initialValue: 'index,follow',
      validation: (rule) => rule.required().error('Choose whether search engines may list this page.'),
    }),
  ],
})
