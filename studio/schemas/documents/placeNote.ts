import { PinIcon } from '@sanity/icons/Pin'
import { defineField, defineType } from 'sanity'

/**
 * An editor's note for one place, shown on that place's service-area pages (every pest). A place with a note is
 * indexable by search engines even when its providers serve it only by state: the note is what only that place has.
 */
export const placeNote = defineType({
  name: 'placeNote',
  title: 'Place note',
  type: 'document',
  icon: PinIcon,
  fields: [
    defineField({
      name: 'place',
      title: 'Place',
      type: 'string',
      description: 'The place’s number, the one Google Ads gives it and a provider’s place search shows, e.g. 1026201 for Austin, TX.',
      validation: (rule) => [
        rule.required().error('Write the place’s number, e.g. 1026201 for Austin, TX (a provider’s place search shows it).'),
        rule.custom((value) => (value === undefined || /^\d{1,12}$/.test(value) ? true : `“${value}” is not a place number: write the digits only, e.g. 1026201.`)).error(),
      ],
    }),
    defineField({
      name: 'text',
      title: 'Note',
      type: 'blockContent',
      description: 'What only this place has: local pests, seasons, rules, neighbourhoods. Shown on every service-area page of the place.',
      validation: (rule) => rule.required().error('Write the note: what a visitor from this place should know.'),
    }),
  ],
  preview: { select: { title: 'place' }, prepare: ({ title }) => ({ title: title ? `Place ${title}` : 'Place note without a place' }) },
})
