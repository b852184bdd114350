import { PinIcon } from '@sanity/icons/Pin'
import { defineField, defineType } from 'sanity'
import { USPS_STATES } from '../../../web/lib/providers/provider'

/** An editor's note for one pest in one state, shown on that state's page and on every place page in it. */
export const pestStateNote = defineType({
  name: 'pestStateNote',
  title: 'Pest note for a state',
  type: 'document',
  icon: PinIcon,
  fields: [
    defineField({ name: 'pest', title: 'Pest', type: 'reference', to: [{ type: 'pest' }], validation: (rule) => rule.required().error('Choose the pest this note is about.') }),
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      description: 'Two capital letters, e.g. TX.',
      validation: (rule) => [
        rule.required().error('Write the state’s two capital letters, e.g. TX.'),
        rule.custom((value) => (value === undefined || USPS_STATES.has(value) ? true : `“${value}” is not a state: write its two capital letters, e.g. TX.`)).error(),
      ],
    }),
    defineField({
      name: 'text',
      title: 'Note',
      type: 'blockContent',
      description: 'What a visitor in this state should know about this pest: the species, the season, local rules.',
      validation: (rule) => rule.required().error('Write the note: what a visitor in this state should know about this pest.'),
    }),
  ],
  preview: { select: { pest: 'pest.name', state: 'state' }, prepare: ({ pest, state }) => ({ title: [pest, state].filter(Boolean).join(' · ') || 'Pest note without a pest or state' }) },
})
