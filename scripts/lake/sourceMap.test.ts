import { describe, expect, it } from 'vitest'
import { routeQuery } from '../../web/content/queries'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { DocumentStore } from './store'

describe('the local lake’s Content Source Maps', () => {
  it('maps a page’s texts to the page and its FAQs, array items by key', async () => {
    const store = new DocumentStore({ documents: bundledDocuments() as never })
    await store.mutate([{ create: { ...store.get('faq-hornet-1')!, _id: 'drafts.faq-hornet-1', question: 'Should I remove a hornet nest on my own?' } }])
    const { result, resultSourceMap } = await store.queryWithSourceMap(routeQuery, { slug: 'hornet-nest-removal-near-me' }, 'drafts')
    const ids = resultSourceMap.documents.map((doc) => doc._id)
    // The page, and each question it shows: the edited one as its draft.
    expect(ids).toEqual(expect.arrayContaining(['page-hornet-nest-removal-near-me', 'drafts.faq-hornet-1', 'faq-hornet-2', 'faq-hornet-3']))
    const blocks = (result as { blocks: { _type: string; _key: string; faqs?: unknown[] }[] }).blocks
    const faqBlock = blocks.findIndex((block) => block._type === 'faqList')
    const question = resultSourceMap.mappings[`$['blocks'][${faqBlock}]['faqs'][0]['question']`]!
    expect(resultSourceMap.documents[question.source.document]).toEqual({ _id: 'drafts.faq-hornet-1', _type: 'faq' })
    expect(resultSourceMap.paths[question.source.path]).toBe("$['question']")
    const heading = resultSourceMap.mappings[`$['blocks'][${faqBlock}]['heading']`]!
    expect(resultSourceMap.paths[heading.source.path]).toBe(`$['blocks'][?(@._key=='${blocks[faqBlock]!._key}')]['heading']`)
  })

  it('maps a pest page’s sections to its own fields', async () => {
    const store = new DocumentStore({ documents: bundledDocuments() as never })
    const { resultSourceMap } = await store.queryWithSourceMap(routeQuery, { slug: 'ants' }, 'published')
    const title = resultSourceMap.mappings[`$['blocks'][0]['title']`]!
    expect(resultSourceMap.documents[title.source.document]!._id).toBe('pestPage-ants')
    expect(resultSourceMap.paths[title.source.path]).toBe("$['hero']['title']")
  })
})
