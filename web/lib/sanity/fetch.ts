import { createClient, type ClientReturn, type QueryParams, type SanityClient } from 'next-sanity'
import { isDraftMode, isPreviewCopy } from './draft'
import { serverConfig } from '../config'
import { bundledDocuments, queryDocuments } from './localDataset'
import { publishedClientConfig } from './publishedClient'

/** Pages refresh by tag when an editor publishes (webhook); this is only the safety net if a webhook is lost. */
const REVALIDATE_SECONDS = 3600

let client: SanityClient | null | undefined

function remoteClient(): SanityClient | null {
  if (client !== undefined) return client
  const config = serverConfig().sanity
  client = config ? createClient(publishedClientConfig(config)) : null
  return client
}

export function contentSource(): 'sanity' | 'bundled' {
  return remoteClient() ? 'sanity' : 'bundled'
}

/**
 * Runs one GROQ query from queries.ts. The result type comes from `sanity typegen`, keyed by the
 * query string, and holds for both sources because both evaluate the same string.
 */
export async function fetchContent<const Q extends string>(
  query: Q,
  params: QueryParams = {},
  tags: string[] = [],
): Promise<ClientReturn<Q, unknown>> {
  const sanity = remoteClient()
  if (sanity) {
    const token = serverConfig().sanity?.token
    if (token && (await isDraftMode())) {
      // Preview: drafts, never cached, with invisible source maps in the copy for click-to-edit overlays.
      return sanity
        .withConfig({
          token,
          perspective: 'drafts',
          useCdn: false,
          stega: { enabled: true, studioUrl: '/studio', filter: (props) => isPreviewCopy(props.sourcePath) && props.filterDefault(props) },
        })
        .fetch(query, params, { cache: 'no-store' })
    }
    try {
      return await sanity.fetch(query, params, { next: { revalidate: REVALIDATE_SECONDS, tags } })
    } catch (error) {
      // While serving, a failed refresh keeps the last good page (Next keeps it on a throw).
      // During a build there is no last good page: say what to fix.
      const { projectId, dataset } = sanity.config()
      throw new Error(
        `Could not read content from Sanity project "${projectId}", dataset "${dataset}": ${(error as Error).message}. ` +
          'Check NEXT_PUBLIC_SANITY_PROJECT_ID / NEXT_PUBLIC_SANITY_DATASET and the network, or unset NEXT_PUBLIC_SANITY_PROJECT_ID to build from the bundled dataset.',
        { cause: error },
      )
    }
  }
  return (await queryDocuments(bundledDocuments(), query, params)) as ClientReturn<Q, unknown>
}
