import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { imageSize } from '../../scripts/lake/imageSize'
import { DocumentStore } from '../../scripts/lake/store'

function storeWith(docs: object[]): { store: DocumentStore; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'lake-unit-'))
  writeFileSync(path.join(dir, 'production.ndjson'), docs.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  return { store: new DocumentStore({ dataDir: dir }), dir }
}

describe('the local Content Lake store', () => {
  it('shows drafts in place of published documents under the drafts perspective only', async () => {
    const { store } = storeWith([{ _id: 'a', _type: 't', title: 'Published' }])
    await store.mutate([{ create: { _id: 'drafts.a', _type: 't', title: 'Draft' } }])
    expect(await store.query('*[_type == "t"].title', {}, 'published')).toEqual(['Published'])
    expect(await store.query('*[_type == "t"].title', {}, 'drafts')).toEqual(['Draft'])
    expect(await store.query('count(*[_type == "t"])', {}, 'raw')).toBe(2)
  })

  it('applies patches with the mutator and writes published documents back without revisions', async () => {
    const { store, dir } = storeWith([{ _id: 'a', _type: 't', title: 'Old' }])
    const { transaction } = await store.mutate([{ patch: { id: 'a', set: { title: 'New' } } }])
    expect(store.get('a')).toMatchObject({ title: 'New', _rev: transaction.id })
    const line = readFileSync(path.join(dir, 'production.ndjson'), 'utf8').trim()
    expect(JSON.parse(line)).toMatchObject({ _id: 'a', title: 'New' })
    expect(line).not.toContain('_rev')
  })

  it('refuses to create a document that exists and to patch one that does not', async () => {
    const { store } = storeWith([{ _id: 'a', _type: 't' }])
    await expect(store.mutate([{ create: { _id: 'a', _type: 't' } }])).rejects.toThrow('already exists')
    await expect(store.mutate([{ patch: { id: 'b', set: { x: 1 } } }])).rejects.toThrow('not found')
  })

  it('deletes by query', async () => {
    const { store } = storeWith([{ _id: 'a', _type: 'secret' }, { _id: 'b', _type: 'keep' }])
    await store.mutate([{ delete: { query: '*[_type == "secret"]' } }])
    expect(store.get('a')).toBeNull()
    expect(store.get('b')).not.toBeNull()
  })
})

describe('imageSize', () => {
  it('reads a PNG header', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGP4z8DwHwyBNAMDAEHyA/1d3S1JAAAAAElFTkSuQmCC', 'base64')
    expect(imageSize(png)).toEqual({ width: 2, height: 3, extension: 'png', mimeType: 'image/png' })
  })

  it('refuses what is not an image', () => {
    expect(() => imageSize(Buffer.from('hello world, not an image'))).toThrow('PNG, JPEG, GIF and WebP')
  })
})
