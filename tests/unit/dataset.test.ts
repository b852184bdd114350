import { describe, expect, it } from 'vitest'
import { PEST_PAGE_BULLETS, PEST_PAGE_CARDS, PEST_PAGE_STEPS } from '../../studio/schemas/documents/pestPage'
import { META_DESCRIPTION_MAX } from '../../studio/schemas/objects/seo'
import { BENEFIT_COUNT } from '../../web/blocks/hero/schema'
import { isUsE164 } from '../../web/lib/phone'
import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import { pestsQuery, routeQuery, routeSlugsQuery, settingsQuery } from '../../web/content/queries'
import type { PestsQueryResult, RouteQueryResult, RouteSlugsQueryResult, SettingsQueryResult } from '../../web/sanity.types'

/** Every query of queries.ts, run over the bundled dataset exactly as the site runs it without Sanity. */
const docs = bundledDocuments()
const run = <T>(query: string, params?: Record<string, unknown>) => queryDocuments(docs, query, params) as Promise<T>

const PEST_PAGE_SLUGS = [
  'ants', 'roaches', 'mice-rats', 'bed-bugs', 'silverfish', 'wasps', 'hornets',
  'yellow-jackets', 'stink-bugs', 'cluster-flies', 'spiders', 'moths', 'drain-flies',
]

const SPEC_PEST_LIST = [
  'Ants', 'Ash Borers', 'Bed Bugs', 'Bees', 'Beetles', 'Centipedes', 'Cockroaches', 'Crickets', 'Earwigs',
  'Elder Bugs', 'Fleas', 'Gnats', 'Hornets', 'Flies', 'Ladybugs', 'Millipedes', 'Mites', 'Mosquitoes', 'Moths',
  'Mud Daubers', 'Scorpions', 'Silverfish', 'Spiders', 'Stinging Pests', 'Stink Bugs', 'Termites', 'Ticks',
  'Wasps', 'Yellow Jackets', 'Weevils', 'Rodents', 'Mice', 'Rats', 'Moles', 'Voles', 'And More...',
]

const SPEC_BENEFITS = [
  '100% Year-Round Pest Protection',
  'Same & Next Day Appointments',
  'Risk Free Quotes No-Obligation',
  '24-Hour Support 7 Days a Week',
]

describe('settingsQuery', () => {
  it('returns the one phone number in E.164 and the spec’s labels', async () => {
    const settings = await run<NonNullable<SettingsQueryResult>>(settingsQuery)
    expect(isUsE164(settings.phone)).toBe(true)
    expect(settings.callLabel).toBe('FREE consultation • Same-day service • No obligation quote')
    expect(settings.headerLabel).toBe('Speak with our expert:')
    expect(settings.notFound).toEqual({ code: '404', heading: 'Oops! Page not found', linkLabel: 'Return to Home' })
    expect(settings.footerLinks?.map((link) => link.href)).toEqual(expect.arrayContaining(['/', '/privacy-policy', '/terms-of-service', '/about-us']))
    expect(settings.homeSlug).toBe('home')
  })

  it('marks which footer links lead to a page of the site: /about-us (spec §2.1: no route) does not', async () => {
    const settings = await run<NonNullable<SettingsQueryResult>>(settingsQuery)
    expect(Object.fromEntries(settings.footerLinks!.map((link) => [link.href, link.toPage]))).toEqual({ '/': true, '/privacy-policy': true, '/terms-of-service': true, '/about-us': false })
  })
})

describe('routeSlugsQuery', () => {
  it('lists every routed document once', async () => {
    const slugs = await run<RouteSlugsQueryResult>(routeSlugsQuery)
    expect(new Set(slugs).size).toBe(slugs.length)
    expect(slugs).toEqual(expect.arrayContaining([...PEST_PAGE_SLUGS, 'home', 'privacy-policy', 'terms-of-service']))
    // Spec §2.1: /about-us has no route; the footer's link to it shows the not-found page.
    expect(slugs).not.toContain('about-us')
  })
})

describe('pestsQuery', () => {
  it('gives every pest an image file, alt text and lower-case match words', async () => {
    const pests = await run<PestsQueryResult>(pestsQuery)
    expect(pests.length).toBeGreaterThanOrEqual(24)
    for (const pest of pests) {
      expect(pest.imageFile).toMatch(/^[a-z0-9-]+$/)
      expect(pest.imageAlt.length).toBeGreaterThan(3)
      for (const word of pest.matchWords) expect(word).toBe(word.trim().toLowerCase())
    }
    expect(pests.filter((pest) => pest.matchWords.includes('mice') || pest.matchWords.includes('rats')).map((pest) => pest.imageFile)).toEqual(['mouse'])
  })
})

describe('routeQuery', () => {
  it.each(PEST_PAGE_SLUGS)('/%s is a full pest page: hero, 8 bullets, 4 cards, urgency, 3 steps, call to action', async (slug) => {
    const doc = await run<RouteQueryResult>(routeQuery, { slug })
    if (doc?._type !== 'pestPage') throw new Error(`/${slug} is not a pest page`)
    const blocks = doc.blocks.filter((block) => block !== null)
    const types = blocks.map((block) => block._type)
    expect(types.filter((type) => type !== 'pestImage')).toEqual(['hero', 'bulletList', 'cardGrid', 'urgency', 'steps', 'callToAction'])
    for (const block of blocks) {
      if (block._type === 'hero') expect(block.benefits).toEqual(SPEC_BENEFITS)
      if (block._type === 'bulletList') expect(block.items).toHaveLength(PEST_PAGE_BULLETS)
      if (block._type === 'cardGrid') expect(block.cards).toHaveLength(PEST_PAGE_CARDS)
      if (block._type === 'steps') expect(block.steps).toHaveLength(PEST_PAGE_STEPS)
      if (block._type === 'pestImage') expect(block.pest).not.toBeNull()
    }
    expect(doc.seo.description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX)
    expect(doc.seo.robots).toBe('index,follow')
  })

  it('adds a photo to the wasp, yellow jacket and moth pages only', async () => {
    const withImage: string[] = []
    for (const slug of PEST_PAGE_SLUGS) {
      const doc = await run<RouteQueryResult>(routeQuery, { slug })
      if (doc && 'blocks' in doc && doc.blocks.some((block) => block?._type === 'pestImage')) withImage.push(slug)
    }
    expect(withImage.sort()).toEqual(['moths', 'wasps', 'yellow-jackets'])
  })

  it('builds the generic landing page in the spec’s order with the default hero', async () => {
    const doc = await run<RouteQueryResult>(routeQuery, { slug: 'home' })
    if (doc?._type !== 'page') throw new Error('home is not a page')
    const blocks = doc.blocks.filter((block) => block !== null)
    expect(blocks.slice(0, 2).map((block) => block._type)).toEqual(['hero', 'pestImage'])
    const hero = blocks[0]
    if (hero?._type !== 'hero') throw new Error('no hero')
    expect(hero.title).toBe('Pest Exterminator')
    expect(hero.subtitle).toBe('Fast, Same-Day Service Available!')
    expect(hero.benefits).toHaveLength(BENEFIT_COUNT)
    expect(hero.rating).toBe(5)
    expect(hero.locationLine).toBe('We service {city} and the surrounding area in {state}.')
    const list = blocks.find((block) => block._type === 'pestList')
    expect(list?._type === 'pestList' && list.pests).toEqual(SPEC_PEST_LIST)
    expect(blocks.some((block) => block._type === 'steps' && block.steps.length === 3)).toBe(true)
  })

  it.each([
    ['privacy-policy', ['Information We Collect', 'How We Use Your Information', 'Information Sharing', 'Data Security', 'Contact Us']],
    ['terms-of-service', ['Acceptance of Terms', 'Service Description', 'Treatment Safety', 'Payment Terms', 'Service Guarantee', 'Contact Information']],
  ])('/%s is a noindex,follow legal page effective January 1, 2025 with the spec’s sections', async (slug, sections) => {
    const doc = await run<RouteQueryResult>(routeQuery, { slug })
    if (doc?._type !== 'legalPage') throw new Error(`/${slug} is not a legal page`)
    expect(doc.seo.robots).toBe('noindex,follow')
    expect(doc.effectiveDate).toBe('2025-01-01')
    const headings = doc.body.filter((block) => block._type === 'block' && block.style === 'h2')
    const texts = headings.map((block) => ('children' in block ? block.children?.map((child) => child.text).join('') : ''))
    expect(texts).toEqual(sections)
  })

  it('projects an A/B version’s new section exactly as the page’s sections (references resolved)', async () => {
    const home = docs.find((doc) => doc._id === 'page-home')!
    const blocks = home.blocks as { _key: string; _type: string }[]
    const pest = docs.find((other) => other._type === 'pest')!
    const pestImage = { ...blocks.find((block) => block._type === 'pestImage')!, _key: 'new-photo', pest: { _type: 'reference', _ref: pest._id } }
    const withTest = {
      ...home,
      experiment: {
        name: { _type: 'slug', current: 'photo-test' },
        arms: [
          { _key: 'arm-a', _type: 'arm', key: 'a', weight: 50 },
          { _key: 'arm-b', _type: 'arm', key: 'b', weight: 50, replaceSection: 1, section: [pestImage] },
        ],
      },
    }
    const doc = await queryDocuments([...docs.filter((other) => other._id !== home._id), withTest], routeQuery, { slug: 'home' })
    const page = doc as RouteQueryResult
    if (page?._type !== 'page') throw new Error('home is not a page')
    const arms = page.experiment?.arms ?? []
    expect(arms.map((arm) => [arm.key, arm.replaceSection])).toEqual([['a', null], ['b', 1]])
    expect(arms[0]!.section).toBeNull()
    const section = arms[1]!.section
    const pageBlock = page.blocks.find((block) => block?._type === 'pestImage')!
    expect(Object.keys(section ?? {}).sort()).toEqual(Object.keys(pageBlock).sort())
    expect(section?._type === 'pestImage' && section.pest?.imageFile).toBe(pest.imageFile)
  })

  it('returns null for an unknown address', async () => {
    expect(await run<RouteQueryResult>(routeQuery, { slug: 'no-such-page' })).toBeNull()
  })
})

describe('the bundled dataset', () => {
  it('has unique ids, resolvable references and no phone digits outside Site settings', () => {
    const ids = new Set(docs.map((doc) => doc._id))
    expect(ids.size).toBe(docs.length)
    const text = JSON.stringify(docs.filter((doc) => doc._type !== 'siteSettings'))
    for (const [, ref] of text.matchAll(/"_ref":"([^"]+)"/g)) expect(ids.has(ref!)).toBe(true)
    expect(text).not.toMatch(/\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/)
    expect(text).not.toMatch(/lorem ipsum|TODO/i)
  })

  it('keeps every meta description within the limit, with the number filled in', () => {
    const shownNumber = '(888) 555-0142'
    for (const doc of docs) {
      const seo = doc.seo as { description?: string } | undefined
      const filled = seo?.description?.replaceAll('{phone}', shownNumber)
      if (filled) expect(filled.length, doc._id).toBeLessThanOrEqual(META_DESCRIPTION_MAX)
    }
  })

  it('mentions the phone number in the call-only funnel’s meta description (spec 2.9)', () => {
    const funnel = docs.find((doc) => (doc.slug as { current?: string } | undefined)?.current === 'exterminator')
    expect((funnel?.seo as { description: string }).description).toContain('{phone}')
  })

  it('never shows two different ratings on one page, and one hero shows 4.6 stars (spec 9)', () => {
    const heroRatings: number[] = []
    for (const doc of docs) {
      const blocks = [...((doc.blocks as Record<string, unknown>[] | undefined) ?? []), ...(doc.hero ? [{ _type: 'hero', ...(doc.hero as object) }] : [])]
      const scores = new Set<number>()
      for (const block of blocks) {
        if (block._type === 'hero' && typeof block.rating === 'number') {
          scores.add(block.rating)
          heroRatings.push(block.rating)
        }
        const badgeRating = block._type === 'badges' ? (block.rating as { score?: number } | null)?.score : undefined
        if (typeof badgeRating === 'number') scores.add(badgeRating)
      }
      expect(scores.size, doc._id).toBeLessThanOrEqual(1)
    }
    expect(heroRatings).toContain(4.6)
    expect(heroRatings).toContain(5)
  })
})
