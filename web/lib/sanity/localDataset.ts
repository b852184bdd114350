import { evaluate, parse } from 'groq-js'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { serverConfig } from '../config.ts'

/**
 * The bundled dataset (an NDJSON export, as `sanity dataset export` writes it), queried in-process
 * with groq-js. This is what the site serves when no Sanity project is configured.
 */
const DATASET_FILE = path.join('studio', 'dataset', 'production.ndjson')

export type SanityDocumentLike = { _id: string; _type: string } & Record<string, unknown>

export function parseNdjson(text: string): SanityDocumentLike[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SanityDocumentLike)
    // An export may hold drafts; the public site shows published documents only.
    .filter((doc) => !doc._id.startsWith('drafts.'))
}

function datasetPath(): string {
  const datasetFile = serverConfig().datasetFile
  if (datasetFile) return path.resolve(datasetFile)
  // `next build web` runs from the repository root; tools run from web/ resolve one level up.
  return path.basename(process.cwd()) === 'web' ? path.resolve('..', DATASET_FILE) : path.resolve(DATASET_FILE)
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
