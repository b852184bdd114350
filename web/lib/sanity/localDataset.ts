import { readFileSync } from 'node:fs'
import { datasetPath } from './contentSource.ts'
import { IndexedDataset } from './indexedQuery.ts'

/**
 * The bundled dataset (an NDJSON export, as `sanity dataset export` writes it), queried in-process
 * with groq-js. This is what the site serves when no Sanity project is configured.
 */
export type SanityDocumentLike = { _id: string; _type: string } & Record<string, unknown>

export function parseNdjson(text: string): SanityDocumentLike[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SanityDocumentLike)
    // An export may hold drafts; the public site shows published documents only.
    .filter((doc) => !doc._id.startsWith('drafts.'))
}

let documents: SanityDocumentLike[] | undefined

export function bundledDocuments(): SanityDocumentLike[] {
  documents ??= parseNdjson(readFileSync(datasetPath(), 'utf8'))
  return documents
}

/** Each dataset's indexes (indexedQuery.ts), kept while the array lives and rebuilt if it grew or shrank. */
const indexed = new WeakMap<readonly SanityDocumentLike[], { length: number; dataset: IndexedDataset }>()

export async function queryDocuments(
  docs: SanityDocumentLike[],
  query: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  let entry = indexed.get(docs)
  if (!entry || entry.length !== docs.length) indexed.set(docs, (entry = { length: docs.length, dataset: new IndexedDataset(docs) }))
  return entry.dataset.query(query, params)
}
