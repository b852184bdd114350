import { createClient, type SanityClient } from '@sanity/client'
import { readConfig, type Env } from '../../web/lib/config.ts'
import type { SanityDocumentLike } from '../../web/lib/sanity/localDataset.ts'

/**
 * Moving the bundled dataset (studio/dataset/production.ndjson) into a Sanity dataset and back.
 * Both directions use the real client; the CLI scripts beside this file read their settings from
 * the environment (see .env.example).
 */
export function writeClientFromEnv(env: Env = process.env): SanityClient {
  const { sanity, sanityWriteToken: token } = readConfig(env)
  if (!sanity) throw new Error('Set NEXT_PUBLIC_SANITY_PROJECT_ID to the Sanity project to use.')
  if (!token) throw new Error('Set SANITY_API_WRITE_TOKEN to a token with write access (sanity.io/manage → API → Tokens).')
  const { projectId, dataset, apiVersion, apiHost } = sanity
  return createClient({
    projectId,
    dataset,
    apiVersion,
    token,
    useCdn: false,
    ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
  })
}

const BATCH = 100

/** Creates or replaces every document, in transactions of BATCH documents. Returns how many were written. */
export async function seedDataset(client: SanityClient, documents: SanityDocumentLike[]): Promise<number> {
  for (let start = 0; start < documents.length; start += BATCH) {
    const transaction = client.transaction()
    for (const doc of documents.slice(start, start + BATCH)) transaction.createOrReplace(doc)
    await transaction.commit({ visibility: 'sync' })
  }
  return documents.length
}

/**
 * Every published document, in a stable order (by id), as NDJSON. Drafts and system documents stay
 * out, and so do the Content Lake's own fields (`_rev`, `_originalId`): the bundled file holds none,
 * so an export after a seed reads the same.
 */
export async function exportDataset(client: SanityClient): Promise<string> {
  const documents = await client.fetch<SanityDocumentLike[]>(
    `*[!(_id in path("drafts.**")) && !(_id in path("_.**")) && !(_type match "system.*")] | order(_id asc)`,
    {},
    { perspective: 'published' },
  )
  return documents.map(({ _rev, _originalId, ...doc }) => (void _rev, void _originalId, JSON.stringify(doc))).join('\n') + '\n'
}
