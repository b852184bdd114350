import { Mutation } from '@sanity/mutator'
import { describe, expect, it } from 'vitest'
import { endExperimentPatches, endingChoices, hasOpenExperiment, type PagePatch, type PageWithExperiment, endedSummary, endedTitle } from './endExperiment'

const NOW = new Date('2026-11-23T12:00:00.000Z')

const hero = { _key: 'hero1', _type: 'hero', title: 'Pest Exterminator', titleTemplate: '{Keyword}', subtitle: 'Fast, Same-Day Service Available!', buttonLabel: 'Call For Fast Service' }
const text = { _key: 'text1', _type: 'textSection', heading: 'Why choose us' }
const cta = { _key: 'cta1', _type: 'callToAction', heading: 'Call today', buttonLabel: 'Call now' }
const newCta = { _key: 'ctaB', _type: 'callToAction', heading: 'Book a free inspection', buttonLabel: 'Book now', showCallLabel: true }

function pageDocument(): PageWithExperiment & { _id: string; _type: string; title: string } {
  return {
    _id: 'drafts.page-home',
    _type: 'page',
    title: 'Home',
    blocks: [hero, text, cta].map((block) => ({ ...block })),
    experiment: {
      name: { current: 'spring-headline' },
      start: '2026-11-01T00:00:00.000Z',
      arms: [
        { _key: 'a1', key: 'a' },
        { _key: 'b1', key: 'b', heroTitle: 'Termite Experts', heroButtonLabel: 'Call for a quote', replaceSection: 3, section: [{ ...newCta }] },
        { _key: 'c1', key: 'c', heroSubtitle: 'Open 24/7' },
      ],
    },
  }
}

/** The document after the patches, applied as the Content Lake applies them. */
function apply(doc: ReturnType<typeof pageDocument>, patches: PagePatch[]) {
  const mutations = patches.map((patch) => ({ patch: { id: doc._id, ...patch } }))
  return new Mutation({ mutations } as never).apply(doc as never) as unknown as ReturnType<typeof pageDocument>
}

describe('hasOpenExperiment (the action is shown)', () => {
  it('is true for a test without a stop or with a stop still ahead', () => {
    expect(hasOpenExperiment(pageDocument(), NOW.getTime())).toBe(true)
    const doc = pageDocument()
    doc.experiment!.stop = '2026-12-01T00:00:00.000Z'
    expect(hasOpenExperiment(doc, NOW.getTime())).toBe(true)
  })

  it('is false for a stopped test, a page without a test and a test without versions', () => {
    const stopped = pageDocument()
    stopped.experiment!.stop = '2026-11-20T00:00:00.000Z'
    expect(hasOpenExperiment(stopped, NOW.getTime())).toBe(false)
    expect(hasOpenExperiment({ blocks: [hero] }, NOW.getTime())).toBe(false)
    expect(hasOpenExperiment({ experiment: { name: { current: 'x' }, arms: [] } }, NOW.getTime())).toBe(false)
    expect(hasOpenExperiment(null, NOW.getTime())).toBe(false)
  })
})

describe('endingChoices (the dialog)', () => {
  it('offers the current page and each version, saying in plain words what each changes', () => {
    const choices = endingChoices(pageDocument())
    expect(choices.map((choice) => choice.label)).toEqual(['Keep the current page (version a)', 'Make version b the page', 'Make version c the page'])
    expect(choices[1]!.details).toEqual([
      'Hero headline becomes “Termite Experts”.',
      'Hero call button says “Call for a quote”.',
      'Section 3 (“Call to action”) is replaced by the version’s “Call to action” section.',
    ])
    expect(choices[2]!.details).toEqual(['Hero subheadline becomes “Open 24/7”.'])
  })

  it('says when a version changes nothing or its section number is outside the page', () => {
    const doc = pageDocument()
    doc.experiment!.arms![2] = { _key: 'c1', key: 'c', replaceSection: 7, section: [{ ...newCta }] }
    expect(endingChoices(doc)[2]!.details).toEqual(['Its new section is left out: the page has no section 7.', 'This version changes nothing on the page.'])
  })
})

describe('endExperimentPatches', () => {
  it('keeping the page only stops the test now, and keeps the test as the record', () => {
    const doc = pageDocument()
    const patches = endExperimentPatches(doc, { keep: 'page' }, NOW)
    const control = doc.experiment!.arms![0]!.key
    expect(patches).toEqual([{ set: { 'experiment.stop': '2026-11-23T12:00:00.000Z', 'experiment.kept': control } }])
    const after = apply(doc, patches)
    expect(after.blocks).toEqual(doc.blocks)
    expect(after.experiment).toEqual({ ...doc.experiment, stop: '2026-11-23T12:00:00.000Z', kept: control })
    expect(hasOpenExperiment(after, NOW.getTime())).toBe(false)
  })

  it('making a version the page writes its hero texts and its section (same position) into the page, then stops the test', () => {
    const doc = pageDocument()
    const after = apply(doc, endExperimentPatches(doc, { keep: 'version', key: 'b' }, NOW))
    expect(after.blocks).toEqual([
      { _key: 'hero1', _type: 'hero', title: 'Termite Experts', subtitle: 'Fast, Same-Day Service Available!', buttonLabel: 'Call for a quote' },
      text,
      newCta,
    ])
    expect(after.experiment?.stop).toBe('2026-11-23T12:00:00.000Z')
    expect(after.experiment?.arms).toEqual(doc.experiment?.arms)
    expect(endedSummary(after.experiment, NOW.getTime())).toBe('Ended November 23, 2026: b became the page. Its numbers stay in the Calls tool.')
    expect(endedTitle(after.experiment, NOW.getTime())).toBe('Ended November 23, 2026: b became the page')
    expect(endedSummary(doc.experiment, NOW.getTime())).toBeNull()
    expect(endedTitle(doc.experiment, NOW.getTime())).toBeNull()
    expect(after.title).toBe('Home')
  })

  it('changes only the fields the version sets', () => {
    const doc = pageDocument()
    const patches = endExperimentPatches(doc, { keep: 'version', key: 'c' }, NOW)
    expect(patches).toEqual([
      { set: { 'blocks[_key=="hero1"].subtitle': 'Open 24/7' } },
      { set: { 'experiment.stop': '2026-11-23T12:00:00.000Z', 'experiment.kept': 'c' } },
    ])
  })

  it('gives a new section the old one’s key when another section already has its key', () => {
    const doc = pageDocument()
    doc.experiment!.arms![1]!.section = [{ ...newCta, _key: 'text1' }]
    const after = apply(doc, endExperimentPatches(doc, { keep: 'version', key: 'b' }, NOW))
    expect(after.blocks!.map((block) => block._key)).toEqual(['hero1', 'text1', 'cta1'])
    expect(after.blocks![2]).toEqual({ ...newCta, _key: 'cta1' })
  })

  it('replaces a hero with the version’s hero, with the version’s hero texts on it', () => {
    const doc = pageDocument()
    const newHero = { _key: 'heroB', _type: 'hero', title: 'Bed Bug Help', subtitle: 'Discreet visits', buttonLabel: 'Call' }
    doc.experiment!.arms![1] = { _key: 'b1', key: 'b', heroButtonLabel: 'Call for a quote', replaceSection: 1, section: [newHero] }
    const after = apply(doc, endExperimentPatches(doc, { keep: 'version', key: 'b' }, NOW))
    expect(after.blocks![0]).toEqual({ ...newHero, buttonLabel: 'Call for a quote' })
    expect(after.blocks!.slice(1)).toEqual([text, cta])
  })

  it('ignores a section number outside the page', () => {
    const doc = pageDocument()
    doc.experiment!.arms![1]!.replaceSection = 4
    const after = apply(doc, endExperimentPatches(doc, { keep: 'version', key: 'b' }, NOW))
    expect(after.blocks!.slice(1)).toEqual([text, cta])
  })

  it('refuses a version the page does not have', () => {
    expect(() => endExperimentPatches(pageDocument(), { keep: 'version', key: 'zz' }, NOW)).toThrow(/no version named “zz”/)
  })
})
