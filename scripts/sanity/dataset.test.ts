import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../lake/server'
import { bundledDocuments, parseNdjson } from '../../web/lib/sanity/localDataset'
import { exportDataset, seedDataset, writeClientFromEnv } from './dataset'

/** seed and export with the real client against the local Content Lake (scripts/lake). */
let lake: LocalLake
const env = (lakeUrl: string) => ({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'standin', SANITY_API_WRITE_TOKEN: 'token', SANITY_API_HOST: lakeUrl })

beforeAll(async () => {
  lake = await startLocalLake({ documents: [{ _id: 'drafts.page-home', _type: 'page', title: 'draft' }] })
})
afterAll(() => lake?.close())

describe('seed and export', () => {
  it('refuses to run without a project or a write token, saying which variable is missing', () => {
    expect(() => writeClientFromEnv({})).toThrow(/NEXT_PUBLIC_SANITY_PROJECT_ID/)
    expect(() => writeClientFromEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'p' })).toThrow(/SANITY_API_WRITE_TOKEN/)
  })

  it('seeds every bundled document, then exports them back without drafts, unchanged', async () => {
    const client = writeClientFromEnv(env(lake.url))
    const documents = bundledDocuments()
    expect(await seedDataset(client, documents)).toBe(documents.length)
    expect(lake.documents.size).toBe(documents.length + 1)
    const exported = parseNdjson(await exportDataset(client))
    expect(exported.map((doc) => doc._id)).toEqual(documents.map((doc) => doc._id).sort())
    const byId = new Map(exported.map((doc) => [doc._id, doc]))
    for (const doc of documents) expect(byId.get(doc._id)).toEqual(doc)
  })
})
