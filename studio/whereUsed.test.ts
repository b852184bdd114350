import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { bundledDocuments } from '../web/lib/sanity/localDataset'
import { routedLocationsState, usedOnState } from './presentation'
import { countOf, pagesRendering, WHERE_USED_QUERY, type WhereUsedData } from './whereUsed'

async function whereUsedData(): Promise<WhereUsedData> {
  return (await (await evaluate(parse(WHERE_USED_QUERY), { dataset: bundledDocuments() })).get()) as WhereUsedData
}

describe('where a document is used, from what the site renders', () => {
  it('lists an FAQ on exactly the page whose FAQ section shows it', async () => {
    const data = await whereUsedData()
    expect(pagesRendering('faq-hornet-3', data)).toEqual([{ title: 'Emergency hornet nest removal', href: '/hornet-nest-removal-near-me' }])
    expect(pagesRendering('drafts.faq-v2-1', data).map((page) => page.href)).toEqual(['/v2'])
    expect(pagesRendering('faq-nowhere', data)).toEqual([])
  })

  it('lists a pest on the pages that show its photo, the home page at /', async () => {
    const data = await whereUsedData()
    const antPages = pagesRendering('pest-ant', data).map((page) => page.href)
    expect(antPages).toContain('/')
    expect(antPages).not.toContain('/home')
  })

  it('says so when a document is on no page, and a page without an address has none', async () => {
    expect(usedOnState('faq-nowhere', await whereUsedData(), 'question', 'add it to a page’s FAQ section.')).toMatchObject({ locations: [], message: 'This question is on no page yet: add it to a page’s FAQ section.' })
    expect(routedLocationsState({ title: null, slug: null, homeSlug: 'home' }, 'Untitled page').locations).toEqual([])
    expect(routedLocationsState({ title: 'Home', slug: 'home', homeSlug: 'home' }, 'Untitled page').locations).toEqual([{ title: 'Home', href: '/' }])
  })

  it('counts in the right number', () => {
    expect([countOf(1, 'page'), countOf(2, 'page'), countOf(0, 'page')]).toEqual(['1 page', '2 pages', '0 pages'])
  })
})
