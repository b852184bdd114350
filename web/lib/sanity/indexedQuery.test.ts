import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import * as queries from '../../content/queries'
import { PLACES, serviceAreaDocuments } from '../../../tests/support/serviceAreaFixture'
import { bundledDocuments, type SanityDocumentLike } from './localDataset'
import { IndexedDataset } from './indexedQuery'

/** The same query over the same documents, by groq-js alone (every filter visits every document). */
async function plain(documents: readonly SanityDocumentLike[], query: string, params: Record<string, unknown> = {}) {
  return (await evaluate(parse(query), { dataset: documents, params })).get()
}

const notes = Array.from({ length: 300 }, (_, index) => ({ _id: `placeNote-${index}`, _type: 'placeNote', _updatedAt: `2026-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00Z`, place: String(1_000_000 + index) }))
const documents: SanityDocumentLike[] = [...serviceAreaDocuments(bundledDocuments()), ...notes]
const indexed = new IndexedDataset(documents)

const PARAMS: Record<string, unknown>[] = [
  {},
  { slug: 'ants' },
  { slug: 'privacy-policy' },
  { slug: 'no-such-page' },
  { place: PLACES.roundRock, places: [PLACES.roundRock, PLACES.austin, '1000007'], pest: 'pest-ant', state: 'TX' },
  { place: '1000042', places: [], pest: 'pest-ant', state: 'CO' },
]

describe('GROQ over an indexed dataset', () => {
  it('returns exactly what groq-js returns, for every query of the site and any parameters', async () => {
    let compared = 0
    for (const [name, query] of Object.entries(queries)) {
      if (typeof query !== 'string') continue
      const needs = [...query.matchAll(/\$(\w+)/g)].map((match) => match[1]!)
      for (const params of PARAMS) {
        if (!needs.every((param) => param in params)) continue
        expect(await indexed.query(query, params), `${name} ${JSON.stringify(params)}`).toEqual(await plain(documents, query, params))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(20)
  }, 60_000)

  it('keeps the dataset’s order for a union of values, and reads `->` by id', async () => {
    const query = '*[_type in ["pestPage", "legalPage"] && slug.current in ["privacy-policy", $slug, "ants"]]{"slug": slug.current, "pest": pest->name}'
    const found = await indexed.query(query, { slug: 'wasps' })
    expect(found).toEqual(await plain(documents, query, { slug: 'wasps' }))
    expect((found as { pest: string | null }[]).map((doc) => doc.pest)).toEqual(expect.arrayContaining(['Ants', 'Wasps', null]))
  })

  it('matches GROQ’s equality exactly: a number is not its digits, and a missing field is null', async () => {
    for (const [query, params] of [
      ['*[_type == "placeNote" && place == $place]._id', { place: 1_000_001 }],
      ['*[_type == "placeNote" && place == $place]._id', { place: null }],
      ['*[_type == "provider" && everywhere == null]._id', {}],
      ['*[_type == "provider" && $zip in zips]._id', { zip: '80903' }],
      ['count(*[_type == "placeNote"])', {}],
    ] as const) {
      expect(await indexed.query(query, params), query).toEqual(await plain(documents, query, params))
    }
  })
})
