import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { bundledDocuments } from '../web/lib/sanity/localDataset'
import { usedOnState } from './presentation'
import { startStudioValidator } from '../tests/support/studioValidator'
import { NEW_REFERENCES_QUERY, onlyDrafts, problemsLeft, publishLabel, referencedIds } from './newReferences'
import { restoredMessage } from './restore'
import { WHERE_USED_QUERY, type WhereUsedData } from './whereUsed'

const hornets = bundledDocuments().find((doc) => doc._id === 'page-hornet-nest-removal-near-me' || (doc.slug as { current?: string } | undefined)?.current === 'hornet-nest-removal-near-me')!
const newFaq = { _id: 'drafts.faq-new-hornet', _type: 'faq', question: 'Do hornets come back?', answer: [] }

/** The hornet page's draft with a question created from its FAQ section (the FAQ a draft only). */
function withNewQuestion() {
  const draft = structuredClone(hornets) as unknown as Record<string, unknown> & { blocks: { _type: string; faqs?: unknown[] }[] }
  draft._id = `drafts.${hornets._id}`
  const faqList = draft.blocks.find((block) => block._type === 'faqList')!
  faqList.faqs = [...(faqList.faqs ?? []), { _type: 'reference', _key: 'new', _ref: 'faq-new-hornet', _weak: true, _strengthenOnPublish: { type: 'faq' } }]
  return draft
}

describe('one change, one publish', () => {
  it('finds the question created from the page, and names the step', async () => {
    const draft = withNewQuestion()
    const ids = referencedIds(draft)
    expect(ids).toContain('faq-new-hornet')
    const dataset = [...bundledDocuments(), draft, newFaq]
    const found = (await (await evaluate(parse(NEW_REFERENCES_QUERY), { dataset, params: { ids, draftIds: ids.map((id) => `drafts.${id}`) } })).get()) as Parameters<typeof onlyDrafts>[0]
    expect(onlyDrafts(found)).toEqual([{ id: 'faq-new-hornet', type: 'faq' }])
    expect(publishLabel(onlyDrafts(found))).toBe('Publish page and 1 new question')
    expect(publishLabel([{ type: 'faq' }, { type: 'faq' }, { type: 'pest' }])).toBe('Publish page and 2 new questions and 1 new pest')
  })

  it('publishes despite “must be published” on the question it publishes with it, never despite another problem', async () => {
    // Sanity's own validator refuses the page while its new question is a draft only: what kept Publish off.
    const validator = await startStudioValidator()
    try {
      const draft = withNewQuestion()
      const markers = await validator.markersOf(draft)
      expect(markers.filter((marker) => marker.level === 'error').map((marker) => marker.code)).toEqual(['reference.not-published'])
      expect(problemsLeft(markers, [{ id: 'faq-new-hornet' }])).toEqual([])
      // A question not published in the same step still stops it, and so does any other problem.
      expect(problemsLeft(markers, [])).toHaveLength(1)
      const hero = draft.blocks.find((block) => block._type === 'hero') as Record<string, unknown>
      hero.title = ''
      expect(problemsLeft(await validator.markersOf(draft), [{ id: 'faq-new-hornet' }]).length).toBeGreaterThan(0)
    } finally {
      await validator.close()
    }
  })

  it('where-used names the draft the question was added to', async () => {
    const draft = withNewQuestion()
    const published = (await (await evaluate(parse(WHERE_USED_QUERY), { dataset: bundledDocuments() })).get()) as WhereUsedData
    // The drafts perspective: the page's draft over its published version, the new question as itself.
    const overlaid = [...bundledDocuments().filter((doc) => doc._id !== hornets._id), { ...draft, _id: hornets._id }, { ...newFaq, _id: 'faq-new-hornet' }]
    const drafts = (await (await evaluate(parse(WHERE_USED_QUERY), { dataset: overlaid })).get()) as WhereUsedData
    const state = usedOnState('drafts.faq-new-hornet', drafts, 'question', 'add it to a page’s FAQ section.', published)
    expect(state.message).toBe('This question is on the draft of /hornet-nest-removal-near-me: it shows once that page is published')
    expect(usedOnState('faq-hornet-3', drafts, 'question', '', published).message).toBe('This question is shown on 1 page')
  })
})

describe('restore means restore', () => {
  it('says what is live', () => {
    expect(restoredMessage({ slug: { current: 'about-us' } })).toBe('/about-us now shows the restored version.')
    expect(restoredMessage({ slug: { current: 'home' } }, 'home')).toBe('/ now shows the restored version.')
    expect(restoredMessage({ question: 'Do hornets come back?' })).toBe('“Do hornets come back?” is live as restored, on every page that shows it.')
  })
})
