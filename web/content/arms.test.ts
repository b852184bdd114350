import { describe, expect, it } from 'vitest'
import { armChangesPage, replacedIndex, withArm } from './arms'

type Section =
  | { _type: 'hero'; _key: string; title: string; titleTemplate: string | null; subtitle: string; buttonLabel: string }
  | { _type: 'textSection'; _key: string; heading: string }
  | { _type: 'callToAction'; _key: string; heading: string }

const hero: Section = { _type: 'hero', _key: 'h', title: 'Pest Exterminator', titleTemplate: '{Keyword}', subtitle: 'Fast service', buttonLabel: 'Call now' }
const text: Section = { _type: 'textSection', _key: 't', heading: 'Why us' }
const cta: Section = { _type: 'callToAction', _key: 'c', heading: 'Call today' }
const page: (Section | null)[] = [hero, text, cta]
const newCta: Section = { _type: 'callToAction', _key: 'n', heading: 'Book a free inspection' }

describe('withArm', () => {
  it('returns the page’s sections unchanged without a version', () => {
    expect(withArm(page, undefined)).toEqual(page)
  })

  it('replaces the numbered section (1-based) in place and leaves the others untouched', () => {
    const blocks = withArm(page, { replaceSection: 3, section: newCta })
    expect(blocks).toEqual([hero, text, newCta])
    expect(blocks[0]).toBe(hero)
    expect(blocks[1]).toBe(text)
    expect(page).toEqual([hero, text, cta])
  })

  it('can replace the first section with a section of another type', () => {
    const blocks = withArm(page, { replaceSection: 1, section: newCta })
    expect(blocks.map((block) => block?._key)).toEqual(['n', 't', 'c'])
  })

  it.each([0, 4, -1, 1.5, null, undefined])('ignores a section number outside the page (%s)', (replaceSection) => {
    const blocks = withArm(page, { replaceSection, section: newCta })
    expect(blocks).toEqual(page)
    blocks.forEach((block, index) => expect(block).toBe(page[index]))
  })

  it('ignores a section number without a section', () => {
    expect(withArm(page, { replaceSection: 2, section: null })).toEqual(page)
  })

  it('keeps the hero overrides: headline (dropping the ad template), subheadline and call button label', () => {
    const blocks = withArm(page, { heroTitle: 'Termite Experts', heroSubtitle: 'Same-day visits', heroButtonLabel: 'Call for a quote' })
    expect(blocks[0]).toEqual({ ...hero, title: 'Termite Experts', titleTemplate: null, subtitle: 'Same-day visits', buttonLabel: 'Call for a quote' })
    expect(blocks[1]).toBe(text)
    expect(blocks[2]).toBe(cta)
  })

  it('leaves a hero field alone when the version leaves it empty', () => {
    const blocks = withArm(page, { heroTitle: '', heroSubtitle: null, heroButtonLabel: 'Call for a quote' })
    expect(blocks[0]).toEqual({ ...hero, buttonLabel: 'Call for a quote' })
  })

  it('applies both: a replaced section and the hero texts', () => {
    const blocks = withArm(page, { heroTitle: 'Termite Experts', replaceSection: 2, section: newCta })
    expect(blocks).toEqual([{ ...hero, title: 'Termite Experts', titleTemplate: null }, newCta, cta])
  })

  it('gives the hero texts to a hero the version brings as its new section', () => {
    const newHero: Section = { ...hero, _key: 'nh', title: 'Bed Bug Help' }
    const blocks = withArm(page, { heroSubtitle: 'Open 24/7', replaceSection: 1, section: newHero })
    expect(blocks[0]).toEqual({ ...newHero, subtitle: 'Open 24/7' })
  })

  it('keeps null entries in their place', () => {
    expect(withArm([null, text, cta], { replaceSection: 1, section: newCta })).toEqual([newCta, text, cta])
  })
})

describe('replacedIndex and armChangesPage', () => {
  it('counts sections from 1 as the editor sees them', () => {
    expect(replacedIndex({ replaceSection: 1, section: newCta }, 3)).toBe(0)
    expect(replacedIndex({ replaceSection: 3, section: newCta }, 3)).toBe(2)
    expect(replacedIndex({ replaceSection: 4, section: newCta }, 3)).toBeUndefined()
  })

  it('says whether a version changes anything', () => {
    expect(armChangesPage({}, 3)).toBe(false)
    expect(armChangesPage({ replaceSection: 9, section: newCta }, 3)).toBe(false)
    expect(armChangesPage({ heroTitle: 'New' }, 3)).toBe(true)
    expect(armChangesPage({ replaceSection: 2, section: newCta }, 3)).toBe(true)
  })
})
