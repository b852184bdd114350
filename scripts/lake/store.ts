import { Mutation } from '@sanity/mutator'
import { evaluate, parse } from 'groq-js'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { LakeDocument } from './document.ts'
import { sourceMapOf, type ContentSourceMap } from './sourceMap.ts'

/**
 * The documents of the local Content Lake. Published documents live in `production.ndjson` (the
 * bundled dataset the site ships with), drafts in `drafts.ndjson` beside it (git-ignored), so a
 * publish in the Studio shows up in `git diff`. Every change is one transaction: it gets a new
 * revision, a history entry and one listener event per changed document.
 */
export type { LakeDocument } from './document.ts'

export interface DocumentChange {
  id: string
  before: LakeDocument | null
  after: LakeDocument | null
}

export interface Transaction {
  id: string
  timestamp: string
  author: string
  changes: DocumentChange[]
  mutations: unknown[]
}

export class LakeError extends Error {
  status: number
  type: string
  constructor(status: number, type: string, message: string) {
    super(message)
    this.status = status
    this.type = type
  }
}

export const EDITOR_ID = 'local-editor'
const PUBLISHED_FILE = 'production.ndjson'
const DRAFTS_FILE = 'drafts.ndjson'

function readNdjson(file: string): LakeDocument[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LakeDocument)
}

export const isDraftId = (id: string) => id.startsWith('drafts.')
export const publishedIdOf = (id: string) => (isDraftId(id) ? id.slice('drafts.'.length) : id)

/**
 * Parsed with its parameters: the Studio's lists slice with them (`[$__from...$__to]`), which
 * groq-js accepts only as constants. The last few trees are kept (listeners re-run theirs per change).
 */
function parsed(query: string, params: Record<string, unknown>): ReturnType<typeof parse> {
  const key = `${query}\u0000${JSON.stringify(params)}`
  let tree = parsedQueries.get(key)
  if (!tree) {
    if (parsedQueries.size > 500) parsedQueries.clear()
    parsedQueries.set(key, (tree = parse(query, { params })))
  }
  return tree
}
const parsedQueries = new Map<string, ReturnType<typeof parse>>()

export class DocumentStore {
  readonly documents = new Map<string, LakeDocument>()
  readonly history: Transaction[] = []
  private readonly dataDir: string | null
  private readonly subscribers = new Set<(transaction: Transaction) => void>()

  /**
   * From a folder (`dataDir`: production.ndjson and drafts.ndjson, written back on every change), or
   * from documents held in memory only (`documents`: tests that start from a dataset and change it).
   */
  constructor(source: { dataDir: string; persist?: boolean } | { documents: LakeDocument[] }) {
    const fromFolder = 'dataDir' in source
    this.dataDir = fromFolder && source.persist !== false ? source.dataDir : null
    const loaded = fromFolder
      ? [...readNdjson(path.join(source.dataDir, PUBLISHED_FILE)), ...readNdjson(path.join(source.dataDir, DRAFTS_FILE))]
      : structuredClone(source.documents)
    const started = new Date().toISOString()
    for (const doc of loaded) {
      // Revisions are the lake's, not the dataset's: files stay free of them (a clean git diff).
      const stored = { ...doc, _rev: doc._rev ?? `loaded-${randomUUID()}` }
      this.documents.set(doc._id, stored)
      // Each document's first revision is a transaction of the history too: the Studio's History lines a
      // document's current revision up with a transaction, and cannot show any revision before it does.
      this.history.push({ id: stored._rev, timestamp: doc._updatedAt ?? started, author: EDITOR_ID, changes: [{ id: doc._id, before: null, after: stored }], mutations: [] })
    }
  }

  subscribe(listener: (transaction: Transaction) => void): () => void {
    this.subscribers.add(listener)
    return () => this.subscribers.delete(listener)
  }

  get(id: string): LakeDocument | null {
    return this.documents.get(id) ?? null
  }

  /** What a query sees under a perspective (`raw`, `published`, `drafts`/`previewDrafts`). */
  view(perspective: string): LakeDocument[] {
    const all = [...this.documents.values()]
    if (perspective === 'raw') return all
    // Under a perspective every document says which stored document it came from.
    const published = all.filter((doc) => !isDraftId(doc._id) && !doc._id.startsWith('versions.')).map((doc) => ({ ...doc, _originalId: doc._id }))
    if (perspective === 'published') return published
    const drafts = new Map(all.filter((doc) => isDraftId(doc._id)).map((doc) => [publishedIdOf(doc._id), doc]))
    const overlaid = published.map((doc) => {
      const draft = drafts.get(doc._id)
      return draft ? { ...draft, _id: doc._id, _originalId: draft._id } : doc
    })
    const newOnes = [...drafts.entries()]
      .filter(([id]) => !this.documents.has(id))
      .map(([id, doc]) => ({ ...doc, _id: id, _originalId: doc._id }))
    return [...overlaid, ...newOnes]
  }

  async query(query: string, params: Record<string, unknown>, perspective: string): Promise<unknown> {
    const result = await evaluate(parsed(query, params), { dataset: this.view(perspective), params, identity: EDITOR_ID })
    return result.get()
  }

  /** A query's answer with its Content Source Map (scripts/lake/sourceMap.ts), as `resultSourceMap=…` asks. */
  async queryWithSourceMap(query: string, params: Record<string, unknown>, perspective: string): Promise<{ result: unknown; resultSourceMap: ContentSourceMap }> {
    const dataset = this.view(perspective)
    const result = await (await evaluate(parsed(query, params), { dataset, params, identity: EDITOR_ID })).get()
    return { result, resultSourceMap: sourceMapOf(result, new Map(dataset.map((doc) => [doc._id, doc]))) }
  }

  /** Whether a listener's filter (`*[…]`) matches a document. */
  async matches(query: string, params: Record<string, unknown>, doc: LakeDocument | null): Promise<boolean> {
    if (!doc) return false
    const result = await (await evaluate(parsed(query, params), { dataset: [doc], params, identity: EDITOR_ID })).get()
    return Array.isArray(result) ? result.length > 0 : Boolean(result)
  }

  /**
   * Applies one transaction of mutations in the Mutate API's format (create, createOrReplace,
   * createIfNotExists, delete, patch), all or nothing.
   */
  async mutate(mutations: Record<string, unknown>[], transactionId: string = randomUUID()): Promise<{ transaction: Transaction; results: { id: string; operation: string }[] }> {
    const working = new Map<string, LakeDocument | null>()
    const current = (id: string) => (working.has(id) ? working.get(id)! : this.get(id))
    const results: { id: string; operation: string }[] = []
    // A created document keeps the _updatedAt it states, as in Sanity's API (imports recreate a dataset as it was).
    const stated = new Set<string>()
    for (const mutation of mutations) {
      const [operation, body] = Object.entries(mutation)[0] as [string, Record<string, unknown>]
      const ids = await this.targetIds(operation, body)
      for (const id of ids) {
        const before = current(id)
        if (operation === 'create' && before) throw new LakeError(409, 'documentAlreadyExistsError', `Document by ID "${id}" already exists`)
        if (operation === 'patch' && !before) throw new LakeError(409, 'documentNotFoundError', `Document by ID "${id}" not found`)
        if (operation === 'patch' && body.ifRevisionID && before?._rev !== body.ifRevisionID)
          throw new LakeError(409, 'conflict', `Document "${id}" has unexpected revision ID ("${before?._rev}"), expected "${body.ifRevisionID}"`)
        const single = operation === 'patch' ? { patch: { ...body, id } } : operation === 'delete' ? { delete: { id } } : mutation
        const after = new Mutation({ mutations: [single] as never }).apply(before as never) as LakeDocument | null
        working.set(id, after ? structuredClone(after) : null)
        if (operation.startsWith('create') && after?._updatedAt) stated.add(id)
        results.push({ id, operation: !before && after ? 'create' : before && !after ? 'delete' : before === after ? 'none' : 'update' })
      }
    }
    return { transaction: this.commit(working, mutations, transactionId, stated), results }
  }

  private async targetIds(operation: string, body: Record<string, unknown>): Promise<string[]> {
    if (operation === 'delete' || operation === 'patch') {
      if (typeof body.id === 'string') return [body.id]
      if (typeof body.query === 'string') {
        const found = await this.query(body.query, (body.params as Record<string, unknown> | undefined) ?? {}, 'raw')
        return (Array.isArray(found) ? found : [found]).map((doc) => (doc as LakeDocument | null)?._id).filter((id): id is string => typeof id === 'string')
      }
      throw new LakeError(400, 'invalidMutation', `${operation} needs an id or a query`)
    }
    const id = (body._id as string | undefined) ?? randomUUID()
    if (!body._id) body._id = id
    return [id]
  }

  /** Writes a set of document states as one transaction: revisions, history, listeners, files. */
  commit(next: Map<string, LakeDocument | null>, mutations: unknown[], transactionId: string = randomUUID(), statedUpdatedAt = new Set<string>()): Transaction {
    const timestamp = new Date().toISOString()
    const changes: DocumentChange[] = []
    for (const [id, value] of next) {
      const before = this.get(id)
      if (!before && !value) continue
      const after = value
        ? { ...value, _id: id, _rev: transactionId, _createdAt: before?._createdAt ?? (value._createdAt as string | undefined) ?? timestamp, _updatedAt: statedUpdatedAt.has(id) ? value._updatedAt : timestamp }
        : null
      if (after) this.documents.set(id, after)
      else this.documents.delete(id)
      changes.push({ id, before, after })
    }
    const transaction = { id: transactionId, timestamp, author: EDITOR_ID, changes, mutations }
    if (changes.length === 0) return transaction
    this.history.push(transaction)
    if (this.dataDir) this.save(this.dataDir, changes)
    for (const subscriber of this.subscribers) subscriber(transaction)
    return transaction
  }

  /**
   * The state of a document as the history API answers it (`documents/{id}`): at a revision
   * (`revision=`), as it was at a moment (`time=`), or its last revision even if it is deleted now
   * (`lastRevision=true`); with none of them, its current state.
   */
  documentAt(id: string, at: { revision?: string | null; time?: string | null; lastRevision?: boolean } = {}): LakeDocument | null {
    if (at.revision) {
      for (let i = this.history.length - 1; i >= 0; i--) {
        const change = this.history[i]!.changes.find((c) => c.id === id && c.after?._rev === at.revision)
        if (change) return change.after
      }
      const doc = this.get(id)
      return doc?._rev === at.revision ? doc : null
    }
    if (at.lastRevision) {
      if (this.get(id)) return this.get(id)
      for (let i = this.history.length - 1; i >= 0; i--) {
        const change = this.history[i]!.changes.find((c) => c.id === id)
        if (change) return change.after ?? change.before
      }
      return null
    }
    if (at.time) {
      // The last transaction at or before that moment decides; before the first one, the state the lake started with.
      let state: LakeDocument | null | undefined
      for (const transaction of this.history) {
        const change = transaction.changes.find((c) => c.id === id)
        if (!change) continue
        if (transaction.timestamp <= at.time) state = change.after
        else if (state === undefined) state = change.before
      }
      return state === undefined ? this.get(id) : state
    }
    return this.get(id)
  }

  /**
   * The transactions that touched any of these documents, oldest first, as the history API's
   * `transactions/{ids}` lists them: each with its effects per document as Mendoza patches (the whole
   * new value and the whole old value, which Mendoza states with opcode 0), so the Studio's History
   * can rebuild every revision.
   */
  transactionsOf(ids: ReadonlySet<string>, options: { fromTransaction?: string | null; toTransaction?: string | null; reverse?: boolean; limit?: number } = {}) {
    let found = this.history.filter((transaction) => transaction.changes.some((change) => ids.has(change.id)))
    if (options.reverse) found = found.toReversed()
    if (options.toTransaction) {
      const at = found.findIndex((transaction) => transaction.id === options.toTransaction)
      if (at >= 0) found = options.reverse ? found.slice(at) : found.slice(0, at + 1)
    }
    if (options.fromTransaction) {
      const at = found.findIndex((transaction) => transaction.id === options.fromTransaction)
      if (at >= 0) found = options.reverse ? found.slice(0, at + 1) : found.slice(at)
    }
    if (options.limit) found = found.slice(0, options.limit)
    const content = (doc: LakeDocument | null) => {
      if (!doc) return null
      const { _rev, ...rest } = doc
      void _rev
      return rest
    }
    return found.map((transaction) => {
      const changes = transaction.changes.filter((change) => ids.has(change.id))
      return {
        id: transaction.id,
        timestamp: transaction.timestamp,
        author: transaction.author,
        documentIDs: changes.map((change) => change.id),
        effects: Object.fromEntries(changes.map((change) => [change.id, { apply: [0, content(change.after)], revert: [0, content(change.before)] }])),
        mutations: [],
      }
    })
  }

  private save(dataDir: string, changes: DocumentChange[]) {
    const files = new Set(changes.map((change) => (isDraftId(change.id) ? DRAFTS_FILE : PUBLISHED_FILE)))
    mkdirSync(dataDir, { recursive: true })
    for (const file of files) {
      const docs = [...this.documents.values()].filter((doc) => (file === DRAFTS_FILE) === isDraftId(doc._id))
      const target = path.join(dataDir, file)
      const text = docs.map(({ _rev, ...doc }) => (void _rev, JSON.stringify(doc))).join('\n') + (docs.length ? '\n' : '')
      writeFileSync(`${target}.tmp`, text)
      renameSync(`${target}.tmp`, target)
    }
  }
}
