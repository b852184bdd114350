import { evaluate, parse } from 'groq-js'
import { readFileSync } from 'node:fs'
import { datasetPath } from './contentSource.ts'

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

export async function queryDocuments(
  docs: SanityDocumentLike[],
  query: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const result = await evaluate(parsedQuery(query), { dataset: docs, params })
  return result.get()
}

/**
 * Each query string parsed once: the route query alone holds 24 block projections. Parsed without
 * parameters (groq-js would write their values into the tree); evaluate() supplies them.
 */
const parsedQueries = new Map<string, ReturnType<typeof parse>>()
function parsedQuery(query: string): ReturnType<typeof parse> {
  let tree = parsedQueries.get(query)
  if (!tree) parsedQueries.set(query, (tree = parse(query)))
  return tree
}
