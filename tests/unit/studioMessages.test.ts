import type { DocumentValidationMarker } from '@sanity/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countMessage, tooLongMessage } from '../../web/blocks/schemaHelpers'
import { pageBuilderBlockTypes } from '../../web/blocks/schemas'
import { heroSchema } from '../../web/blocks/hero/schema'
import { usPhoneFormatProblem } from '../../web/lib/phoneProblem'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { schemaTypes } from '../../studio/schemas'
import { startStudioValidator, type StudioValidator } from '../support/studioValidator'

/**
 * What the Studio tells an editor, through Sanity's own validator (what blocks Publish): each message
 * names the actual problem and the fix — an empty field what to write, a long one how long it may be
 * and is, a phone number the rule it breaks — and no field falls back to Sanity's bare “Required”.
 */
const docs = bundledDocuments()
const settings = docs.find((doc) => doc._id === 'siteSettings')!
const homePage = docs.find((doc) => doc._id === 'page-home')!
let validator: StudioValidator

beforeAll(async () => {
  validator = await startStudioValidator()
})
afterAll(() => validator?.close())

function markersOf(document: Record<string, unknown>): Promise<DocumentValidationMarker[]> {
  return validator.markersOf(document)
}

const errors = async (document: Record<string, unknown>) => (await markersOf(document)).filter((marker) => marker.level === 'error')
const errorsAt = async (document: Record<string, unknown>, field: string) =>
  (await errors(document)).filter((marker) => marker.path.at(-1) === field).map((marker) => marker.message)

/** A new hero as the Studio makes it: the schema's initial values and nothing else. */
function newHero(): Record<string, unknown> {
  const initial = heroSchema.fields.filter((field) => 'initialValue' in field && field.initialValue !== undefined)
  return { _type: 'hero', _key: 'new-hero', ...Object.fromEntries(initial.map((field) => [field.name, structuredClone((field as { initialValue: unknown }).initialValue)])) }
}

function pageWith(hero: Record<string, unknown>): Record<string, unknown> {
  return { ...structuredClone(homePage), _id: 'drafts.page-messages', slug: { _type: 'slug', current: 'messages-test' }, blocks: [hero] }
}

describe('a phone number says which rule it breaks', () => {
  it.each([
    ['+15550104477', 'US exchange codes cannot start with 0 or 1: the 4th digit after +1 is 0.'],
    ['+10125550101', 'US area codes cannot start with 0 or 1: the 1st digit after +1 is 0.'],
    ['+1212555014', 'A US number has 10 digits after +1 — this one has 9, e.g. +12125550142.'],
    ['(212) 555-0142', 'Write it as +1 followed by the 10-digit US number, with no spaces or dashes: +12125550142.'],
    ['2125550142', 'Start the number with +1 (the US country code): +12125550142.'],
    ['+442079460000', 'Only US numbers are supported: start with +1, not +44…, e.g. +12125550142.'],
  ])('%s → %s', (written, message) => {
    expect(usPhoneFormatProblem(written)).toBe(message)
  })

  it('says nothing about a well-formed number', () => {
    expect(usPhoneFormatProblem('+12127363100')).toBeNull()
  })

  it('is the error the Studio shows on Site settings → Phone number, alone', async () => {
    expect(await errorsAt({ ...structuredClone(settings), phone: '+15550104477' }, 'phone')).toEqual(['US exchange codes cannot start with 0 or 1: the 4th digit after +1 is 0.'])
  })

  it('on an empty number says what to write', async () => {
    const { phone: _phone, ...withoutPhone } = structuredClone(settings)
    void _phone
    expect(await errorsAt(withoutPhone, 'phone')).toEqual(['Write the phone number as +1 followed by the 10-digit US number, e.g. +12125550142.'])
  })
})

describe('empty and too-long text', () => {
  it('words a length as “Shorten … to N characters or fewer — it has M”', () => {
    expect(tooLongMessage('headline', 80, 93)).toBe('Shorten the headline to 80 characters or fewer — it has 93.')
    expect(countMessage('benefits', 2, { min: 3, max: 4 })).toBe('Add 3 or 4 benefits — it has 2.')
    expect(countMessage('benefits', 5, { min: 3, max: 4 })).toBe('Keep 3 or 4 benefits — it has 5.')
    expect(countMessage('features', 5, { min: 0, max: 4 })).toBe('Keep at most 4 features — it has 5; remove 1.')
    expect(countMessage('benefits', 3, { min: 3, max: 4 })).toBeNull()
  })

  it('an empty headline says what to write, not how long', async () => {
    expect(await errorsAt(pageWith({ ...newHero(), subtitle: 'Fast help' }), 'title')).toEqual(['Write the headline visitors see first, e.g. “Termite Treatment Near You”.'])
  })

  it('a 93-character headline says how long it is', async () => {
    const title = 'Termite Treatment, Inspection and Prevention for Every Home and Business in the Whole County!'
    expect(title).toHaveLength(93)
    expect(await errorsAt(pageWith({ ...newHero(), title, subtitle: 'Fast help' }), 'title')).toEqual(['Shorten the headline to 80 characters or fewer — it has 93.'])
  })

  it('an empty meta description says what to write; a long one how long it is', async () => {
    const page = pageWith({ ...newHero(), title: 'Termites Gone', subtitle: 'Fast help' })
    const seo = page.seo as Record<string, unknown>
    expect(await errorsAt({ ...page, seo: { ...seo, description: undefined } }, 'description')).toEqual([
      'Write the sentence search results show under the title, e.g. “Same-day termite treatment from licensed local pros. Call {phone}.”.',
    ])
    expect(await errorsAt({ ...page, seo: { ...seo, description: 'x'.repeat(171) } }, 'description')).toEqual([
      'Shorten the description to 160 characters or fewer — it has 171: Google cuts the rest.',
    ])
  })

  it('benefits say how many are needed and how many there are', async () => {
    expect(await errorsAt(pageWith({ ...newHero(), title: 'Termites Gone', subtitle: 'Fast help', benefits: ['One', 'Two'] }), 'benefits')).toEqual(['Add 3 or 4 benefits — it has 2.'])
  })
})

describe('a new hero starts with hints, not content', () => {
  it('has no headline, subheadline or rating to delete first', () => {
    const hero = newHero()
    expect(hero.title).toBeUndefined()
    expect(hero.subtitle).toBeUndefined()
    expect(hero.rating).toBeUndefined()
  })

  it('asks only for the headline and the subheadline, and passes once they are written', async () => {
    const asked = (await errors(pageWith(newHero()))).map((marker) => marker.message)
    expect(asked).toEqual(['Write the headline visitors see first, e.g. “Termite Treatment Near You”.', 'Write the line under the headline, e.g. “Fast, Same-Day Service Available!”.'])
    expect(await errors(pageWith({ ...newHero(), title: 'Termites Gone This Spring', subtitle: 'Licensed local pros' }))).toEqual([])
  })
})

describe('no field falls back to Sanity’s bare “Required”', () => {
  // Sanity's own messages are i18n keys here (validation:generic.required, validation:array.minimum-length, …).
  const isSanityDefault = (message: string) => /^validation:|^Required$|^Must /.test(message)
  // Sanity's built-in slug type requires its own `current` beside the field's rule (which says what to do).
  const ownedBySanity = (marker: DocumentValidationMarker) => marker.path.at(-1) === 'current'

  it('every document type, saved empty', async () => {
    const documentTypes = schemaTypes.filter((type) => type.type === 'document').map((type) => type.name)
    for (const type of documentTypes) {
      const defaults = (await markersOf({ _id: `drafts.empty-${type}`, _type: type })).filter((marker) => isSanityDefault(marker.message) && !ownedBySanity(marker))
      expect(defaults.map((marker) => `${type} ${JSON.stringify(marker.path)}: ${marker.message}`)).toEqual([])
    }
  })

  it('every page-builder section, added empty', async () => {
    const blocks = pageBuilderBlockTypes.map((type, index) => ({ _type: type, _key: `k${index}` }))
    const markers = await markersOf({ ...pageWith(newHero()), blocks })
    const defaults = markers.filter((marker) => isSanityDefault(marker.message))
    expect(defaults.map((marker) => `${JSON.stringify(marker.path)}: ${marker.message}`)).toEqual([])
    // Sanity's required check on nested objects runs: an empty section does produce messages, the schema's own.
    expect(markers.filter((marker) => marker.level === 'error').length).toBeGreaterThan(pageBuilderBlockTypes.length)
  })
})
