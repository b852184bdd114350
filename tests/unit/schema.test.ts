import { createClient } from '@sanity/client'
import { validateDocumentWithWorkspace, type DocumentValidationMarker, type ValidationSource } from '@sanity/validation'
import { createSchema, type SanityDocument } from 'sanity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaTypes } from '../../studio/schemas'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { SANITY_API_VERSION } from '../../web/lib/config.ts'
import { DEMO_PROVIDERS } from '../../scripts/calls/demoContent'

/**
 * The Studio's own validator (the one that blocks Publish) run over documents, offline. Its checks
 * that ask the Content Lake (unique slugs, existing references) go through the real client to the
 * local Content Lake (scripts/lake) holding the bundled dataset.
 */
const schema = createSchema({ name: 'default', types: schemaTypes })
const docs = bundledDocuments()
const byId = new Map(docs.map((doc) => [doc._id, doc]))
let lake: LocalLake
let client: ReturnType<typeof createClient>

beforeAll(async () => {
  lake = await startLocalLake({ documents: docs })
  client = createClient({
    projectId: 'offline0',
    dataset: 'production',
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    apiHost: lake.url,
    useProjectHostname: false,
  })
})

afterAll(() => lake?.close())

/**
 * Validates as the Studio does when an editor presses Publish. (In its "cli" environment Sanity
 * downgrades every rule on an object field to a warning, which is not what editors meet.)
 */
async function errorsOf(document: Record<string, unknown>): Promise<DocumentValidationMarker[]> {
  const workspace = { schema, getClient: () => client } as unknown as ValidationSource
  const markers = await validateDocumentWithWorkspace({
    document: document as unknown as SanityDocument,
    workspace,
    environment: 'studio',
  })
  return markers.filter((marker) => marker.level === 'error')
}

function messages(markers: DocumentValidationMarker[]): string[] {
  return markers.map((marker) => marker.message)
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

describe('the bundled dataset against the Studio schema', () => {
  it.each(docs.map((doc) => [doc._id, doc] as const))('%s passes the Studio’s validation', async (_id, doc) => {
    expect(messages(await errorsOf(doc))).toEqual([])
  })
})

describe('validation an editor meets', () => {
  const settings = byId.get('siteSettings')!
  const pestPage = byId.get('pestPage-ants')!

  it('rejects an address another kind of page already has', async () => {
    const grubtle = docs.find((doc) => doc._type === 'page' && (doc.slug as { current: string }).current === 'grubtle')!
    const errors = messages(await errorsOf({ ...clone(grubtle), slug: { _type: 'slug', current: 'ants' } }))
    expect(errors.join()).toMatch(/already has the address \/ants/)
    // Its own address stays valid.
    expect(messages(await errorsOf(clone(grubtle)))).toEqual([])
  })

  it('rejects a phone number that is not +1 and ten digits, saying how to write it', async () => {
    const errors = messages(await errorsOf({ ...clone(settings), phone: '888-555-0142' }))
    expect(errors.join()).toMatch(/\+1 followed by the 10-digit US number/)
  })

  it('rejects a shown number that dials a different number', async () => {
    const errors = messages(await errorsOf({ ...clone(settings), phoneDisplay: '(888) 555-9999' }))
    expect(errors.join()).toMatch(/same number as the phone number above/)
  })

  it('rejects a pest page without exactly 8 bullets, 4 cards and 3 steps', async () => {
    const page = clone(pestPage) as unknown as Record<string, { items?: unknown[]; cards?: unknown[]; steps?: unknown[] }>
    page.explainer!.items = page.explainer!.items!.slice(0, 7)
    page.services!.cards = page.services!.cards!.slice(0, 3)
    page.steps!.steps = page.steps!.steps!.slice(0, 2)
    const errors = messages(await errorsOf(page)).join('\n')
    expect(errors).toMatch(/exactly 8 bullets \(it has 7\)/)
    expect(errors).toMatch(/exactly 4 cards \(it has 3\)/)
    expect(errors).toMatch(/exactly 3 steps \(it has 2\)/)
  })

  it('rejects a meta description over 160 characters', async () => {
    const page = clone(pestPage) as unknown as { seo: { description: string } }
    page.seo.description = 'x'.repeat(161)
    expect(messages(await errorsOf(page)).join()).toMatch(/160 characters or fewer/)
  })

  it('asks for {phone} instead of a written number in a meta description, and knows no other placeholder', async () => {
    const page = clone(pestPage) as unknown as { seo: { description: string } }
    page.seo.description = 'Call (888) 555-0142 today.'
    expect(messages(await errorsOf(page)).join()).toMatch(/Write \{phone\} instead of the number/)
    page.seo.description = 'Call {phone} in {city}.'
    expect(messages(await errorsOf(page)).join()).toMatch(/\{city\} is not a placeholder/)
    page.seo.description = 'Call {phone} today.'
    expect(messages(await errorsOf(page))).toEqual([])
  })

  it('keeps a hero rating between 0 and 5 and its label in agreement with it', async () => {
    const page = clone(pestPage) as unknown as { hero: { rating?: number; ratingLabel?: string } }
    page.hero.rating = 5.5
    expect(messages(await errorsOf(page)).join()).toMatch(/from 0 to 5/)
    page.hero.rating = 4.6
    page.hero.ratingLabel = 'Rated 5 out of 5'
    expect(messages(await errorsOf(page)).join()).toMatch(/label says 5 but the stars show 4\.6/)
    page.hero.ratingLabel = 'Rated 4.6 out of 5 by homeowners'
    expect(messages(await errorsOf(page))).toEqual([])
  })

  it('rejects a hero location line that lost its placeholders', async () => {
    const page = clone(pestPage) as unknown as { hero: { locationLine: string } }
    page.hero.locationLine = 'We service your area.'
    expect(messages(await errorsOf(page)).join()).toMatch(/\{city\} and \{state\}/)
  })

  it('asks an A/B version for both a section number and a new section, the number within the page’s sections', async () => {
    const home = clone(byId.get('page-home')!) as unknown as Record<string, unknown> & { blocks: { _key: string }[] }
    const count = home.blocks.length
    const newSection = { ...clone(home.blocks[6]!), _key: 'new-call' }
    const withVersion = (change: Record<string, unknown>) => ({
      ...clone(home),
      experiment: {
        name: { _type: 'slug', current: 'new-call-section' },
        arms: [
          { _key: 'arm-a', _type: 'arm', key: 'a', weight: 50 },
          { _key: 'arm-b', _type: 'arm', key: 'b', weight: 50, ...change },
        ],
      },
    })
    expect(messages(await errorsOf(withVersion({ replaceSection: 7 }))).join()).toMatch(/Add the section this version shows instead of section 7/)
    expect(messages(await errorsOf(withVersion({ section: [newSection] }))).join()).toMatch(/Say which section of the page the new section replaces/)
    expect(messages(await errorsOf(withVersion({ replaceSection: count + 1, section: [newSection] }))).join()).toMatch(
      new RegExp(`The page has ${count} sections: choose a number from 1 to ${count}`),
    )
    expect(messages(await errorsOf(withVersion({ replaceSection: 0, section: [newSection] }))).join()).toMatch(/Use a whole number from 1 up/)
    expect(messages(await errorsOf(withVersion({ replaceSection: 7, section: [newSection, { ...newSection, _key: 'second' }] }))).join()).toMatch(/A version replaces one section/)
    expect(messages(await errorsOf(withVersion({ replaceSection: 7, section: [newSection] })))).toEqual([])
  })

  it('rejects Site settings without the logo’s alternative text, with or without an uploaded logo', async () => {
    const withoutAlt: Record<string, unknown> = { ...clone(settings) }
    delete withoutAlt.logoAlt
    expect(messages(await errorsOf(withoutAlt)).join()).toMatch(/Describe the logo .*“Local Pest Experts logo”/)
    const withLogo = { ...withoutAlt, logo: { _type: 'image', asset: { _type: 'reference', _ref: 'image-abc-10x10-png' } } }
    expect(messages(await errorsOf(withLogo)).join()).toMatch(/Describe the logo/)
  })
})

describe('a provider an editor writes', () => {
  const provider = DEMO_PROVIDERS[0]!

  it.each(DEMO_PROVIDERS.map((doc) => [doc._id, doc] as const))('the demo’s %s passes', async (_id, doc) => {
    expect(messages(await errorsOf(doc as Record<string, unknown>))).toEqual([])
  })

  it('is refused with an empty phone, the site’s own number, an unknown time zone or hours that close before they open', async () => {
    const site = byId.get('siteSettings')!.phone as string
    expect(messages(await errorsOf({ ...clone(provider), phone: '' })).join()).toMatch(/Write the phone the provider answers/)
    expect(messages(await errorsOf({ ...clone(provider), phone: site })).join()).toMatch(/site’s own phone number/)
    expect(messages(await errorsOf({ ...clone(provider), timeZone: 'Mars/Olympus' })).join()).toMatch(/not a time zone/)
    const late = [{ _type: 'openHours', _key: 'x', day: 'mon', open: '18:00', close: '08:00' }]
    expect(messages(await errorsOf({ ...clone(provider), hours: late })).join()).toMatch(/opening time \(18:00\) must come before the closing time \(08:00\)/)
    expect(messages(await errorsOf({ ...clone(provider), zips: ['7520'] })).join()).toMatch(/not a ZIP code/)
  })
})
