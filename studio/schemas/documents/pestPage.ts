import { BugIcon } from '@sanity/icons/Bug'
import { LeadPreview } from '../../LeadPreview'
import { defineField, defineType } from 'sanity'
import { addressOptionsUnique, addressTaken } from './address'

export const PEST_PAGE_BULLETS = 8
export const PEST_PAGE_CARDS = 4
export const PEST_PAGE_STEPS = 3

function exactCount(count: number, path: 'items' | 'cards' | 'steps', noun: string) {
  return (value: unknown) => {
    const list = (value as Record<string, unknown> | undefined)?.[path]
    if (value === undefined) return true // the section's own required rule says so
    const length = Array.isArray(list) ? list.length : 0
    return length === count ? true : `This section needs exactly ${count} ${noun} (it has ${length}).`
  }
}

/** One template for every pest landing page: the sections and their counts are fixed by design. */
export const pestPage = defineType({
  name: 'pestPage',
  title: 'Pest page',
  type: 'document',
  icon: BugIcon,
  components: { input: LeadPreview },
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'Search engines' },
  ],
  fields: [
    defineField({
      name: 'pest',
      title: 'Pest',
      type: 'reference',
      to: [{ type: 'pest' }],
      group: 'content',
      validation: (rule) => rule.required().error('Choose the pest this page is about.'),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      group: 'content',
      description: 'e.g. “ants” for /ants.',
      options: { isUnique: addressOptionsUnique },
      validation: (rule) => [rule.required().error('Give the page an address, e.g. “ants” for /ants.'), rule.custom(addressTaken).error()],
    }),
    defineField({ name: 'hero', title: 'Hero', type: 'hero', group: 'content', validation: (rule) => rule.required().error('Fill in the hero: headline, subheadline and benefits.') }),
    // The photo is the pest's own (Pests → its Photo): the page only says whether to show it, so a photo has one home.
    defineField({
      name: 'image',
      title: 'Photo',
      type: 'object',
      group: 'content',
      description: 'Optional: the pest’s own photo (set on the pest, under Pests) shown under the hero.',
      options: { collapsible: false },
      fields: [
        defineField({ name: 'show', title: 'Show the pest’s photo under the hero', type: 'boolean', initialValue: false }),
        defineField({ name: 'caption', title: 'Caption', type: 'string', description: 'Optional line under the photo.', hidden: ({ parent }) => !(parent as { show?: boolean } | undefined)?.show }),
      ],
    }),
    defineField({
      name: 'explainer',
      title: 'About this pest',
      type: 'bulletList',
      group: 'content',
      description: `What the pest is, the signs, the risks – and exactly ${PEST_PAGE_BULLETS} bullets.`,
      validation: (rule) => [rule.required().error('Fill in “About this pest”: a heading and its bullets.'), rule.custom(exactCount(PEST_PAGE_BULLETS, 'items', 'bullets')).error()],
    }),
    defineField({
      name: 'services',
      title: 'Services',
      type: 'cardGrid',
      group: 'content',
      description: `Exactly ${PEST_PAGE_CARDS} service cards.`,
      validation: (rule) => [rule.required().error('Fill in “Services”: a heading and its cards.'), rule.custom(exactCount(PEST_PAGE_CARDS, 'cards', 'cards')).error()],
    }),
    defineField({ name: 'urgency', title: 'Urgency', type: 'urgency', group: 'content', validation: (rule) => rule.required().error('Fill in the urgency section: heading, text and button label.') }),
    defineField({
      name: 'steps',
      title: 'How it works',
      type: 'steps',
      group: 'content',
      description: `Exactly ${PEST_PAGE_STEPS} steps.`,
      validation: (rule) => [rule.required().error('Fill in “How it works”: a heading and its steps.'), rule.custom(exactCount(PEST_PAGE_STEPS, 'steps', 'steps')).error()],
    }),
    defineField({ name: 'cta', title: 'Final call to action', type: 'callToAction', group: 'content', validation: (rule) => rule.required().error('Fill in the final call to action: heading and button label.') }),
    defineField({ name: 'seo', title: 'Search engine listing', type: 'seo', group: 'seo', validation: (rule) => rule.required().error('Fill in “Search engine listing” on the Search engines tab: Page title and Meta description.') }),
  ],
  preview: {
    // A thumbnail only when the page shows the photo: the list shows what the page shows.
    select: { title: 'pest.name', slug: 'slug.current', media: 'pest.image', showsPhoto: 'image.show' },
    prepare: ({ title, slug, media, showsPhoto }) => ({ title: title ?? 'Pest page', subtitle: slug ? `/${slug}` : '', media: (showsPhoto && media) || BugIcon }),
  },
})
