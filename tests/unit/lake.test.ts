import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSize } from '../../scripts/lake/imageSize'
import { startLocalLake } from '../../scripts/lake/server'
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

describe('the local Content Lake over HTTP', () => {
  let lake: Awaited<ReturnType<typeof startLocalLake>>
  beforeAll(async () => {
    lake = await startLocalLake({ documents: [{ _id: 'a', _type: 't', title: 'Published' }] })
  })
  afterAll(() => lake?.close())

  it('answers users/me as Sanity does: {} without a token, 401 for an unknown one', async () => {
    const anonymous = await fetch(`${lake.url}/v2025-06-01/users/me`)
    expect([anonymous.status, await anonymous.json()]).toEqual([200, {}])
    const forged = await fetch(`${lake.url}/v2025-06-01/users/me`, { headers: { authorization: 'Bearer forged' } })
    expect(forged.status).toBe(401)
  })

  it('signs a Studio on this machine in: provider → session id → token → the editor', async () => {
    const { providers } = (await (await fetch(`${lake.url}/v1/auth/providers`)).json()) as { providers: { url: string }[] }
    expect(providers).toHaveLength(1)
    const login = new URL(providers[0]!.url.replace(/^https?:\/\/[^/]+/, lake.url))
    login.search = new URLSearchParams({ origin: 'http://localhost:3000/studio', projectId: 'offline0', type: 'dual' }).toString()
    const redirect = await fetch(login, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    const sid = /#sid=(\w+)$/.exec(redirect.headers.get('location') ?? '')?.[1]
    expect(redirect.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/studio#sid=/)
    const { token } = (await (await fetch(`${lake.url}/v2025-06-01/auth/fetch?sid=${sid}`)).json()) as { token: string }
    const me = await fetch(`${lake.url}/v2025-06-01/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toMatchObject({ id: 'local-editor' })
    // A session id is good once.
    expect((await fetch(`${lake.url}/v2025-06-01/auth/fetch?sid=${sid}`)).status).toBe(401)
  })

  it('sends sign-ins back only to a Studio on this machine', async () => {
    const elsewhere = await fetch(`${lake.url}/v1/auth/login/local?origin=${encodeURIComponent('https://evil.example/studio')}`, { redirect: 'manual' })
    expect(elsewhere.status).toBe(400)
  })

  it('fails every request with failWith until cleared', async () => {
    lake.failWith = 503
    expect((await fetch(`${lake.url}/v2025-06-01/data/query/production?query=*`)).status).toBe(503)
    lake.failWith = null
    const answer = (await (await fetch(`${lake.url}/v2025-06-01/data/query/production?query=*[_type=="t"].title`)).json()) as { result: string[] }
    expect(answer.result).toEqual(['Published'])
  })
})

describe('the local Content Lake’s Live Content API (what next-sanity’s <SanityLive> and the Presentation tool listen to)', () => {
  let lake: Awaited<ReturnType<typeof startLocalLake>>
  beforeAll(async () => {
    lake = await startLocalLake({ documents: [{ _id: 'a', _type: 't', title: 'Published' }] })
  })
  afterAll(() => lake?.close())

  /** The events @sanity/client's live.events() yields, until `count` messages have come. */
  function messages(includeDrafts: boolean, count: number, onWelcome: () => void): Promise<{ tags: string[] }[]> {
    const client = createClient({ projectId: 'offline0', dataset: 'production', apiVersion: '2025-02-19', apiHost: lake.url, useProjectHostname: false, useCdn: false, token: 'viewer' })
    const got: { tags: string[] }[] = []
    return new Promise((resolve, reject) => {
      const subscription = client.live.events({ includeDrafts }).subscribe({
        next: (event) => {
          if (event.type === 'welcome') onWelcome()
          if (event.type === 'message') got.push({ tags: event.tags })
          if (got.length === count) {
            subscription.unsubscribe()
            resolve(got)
          }
        },
        error: reject,
      })
    })
  }

  it('names the sync tags of the query answers it changes: drafts streams hear draft edits, published streams only publishes', async () => {
    const query = async (perspective: string) =>
      ((await (await fetch(`${lake.url}/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_id=="a"][0].title')}&perspective=${perspective}`)).json()) as { syncTags: string[] }).syncTags
    const [publishedTags, draftsTags] = [await query('published'), await query('drafts')]
    let welcomed = 0
    let allWelcomed: () => void = () => {}
    const ready = new Promise<void>((resolve) => (allWelcomed = resolve))
    const welcome = () => ++welcomed === 2 && allWelcomed()
    const drafts = messages(true, 2, welcome)
    const published = messages(false, 1, welcome)
    await ready
    await lake.store.mutate([{ create: { _id: 'drafts.a', _type: 't', title: 'Typing' } }])
    await lake.store.mutate([{ createOrReplace: { _id: 'a', _type: 't', title: 'Published again' } }])
    const [draftEvents, publishedEvents] = await Promise.all([drafts, published])
    // A draft edit: only the drafts perspective's tag, only on the drafts stream.
    expect(draftEvents[0]!.tags).toEqual(draftsTags)
    expect(draftEvents[1]!.tags).toEqual(expect.arrayContaining([...publishedTags, ...draftsTags]))
    expect(publishedEvents).toEqual([{ tags: expect.arrayContaining(publishedTags) }])
  })
})

describe('the local Content Lake’s history (what the Studio’s History and Restore read)', () => {
  it('lists a document’s transactions with Mendoza effects and answers any revision, a discarded draft’s included', async () => {
    const lake = await startLocalLake({ documents: [{ _id: 'a', _type: 't', title: 'Published' }] })
    try {
      const loaded = lake.store.get('a')!._rev!
      const edit = await lake.store.mutate([{ create: { _id: 'drafts.a', _type: 't', title: 'Edited' } }])
      await lake.store.mutate([{ delete: { id: 'drafts.a' } }])
      const lines = (await (await fetch(`${lake.url}/v2025-02-19/data/history/production/transactions/a,drafts.a?effectFormat=mendoza&reverse=true&limit=50`)).text())
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; documentIDs: string[]; effects: Record<string, { apply: unknown[]; revert: unknown[] }> })
      // Newest first: the discard, the edit, and the revision the lake started with (the published document's current one).
      expect(lines.map((line) => line.id)).toEqual([lines[0]!.id, edit.transaction.id, loaded])
      expect(lines[2]!.effects.a).toEqual({ apply: [0, expect.objectContaining({ title: 'Published' })], revert: [0, null] })
      expect(lines[1]!.effects['drafts.a']).toEqual({ apply: [0, expect.objectContaining({ title: 'Edited' })], revert: [0, null] })
      expect(lines[0]!.effects['drafts.a']!.apply).toEqual([0, null])
      const atEdit = (await (await fetch(`${lake.url}/v2025-02-19/data/history/production/documents/a,drafts.a?revision=${edit.transaction.id}`)).json()) as { documents: { _id: string; title: string }[] }
      expect(atEdit.documents).toEqual([expect.objectContaining({ _id: 'drafts.a', title: 'Edited' })])
      const last = (await (await fetch(`${lake.url}/v2025-02-19/data/history/production/documents/drafts.a?lastRevision=true`)).json()) as { documents: { title: string }[] }
      expect(last.documents.map((doc) => doc.title)).toEqual(['Edited'])
    } finally {
      await lake.close()
    }
  })
})
