import type { IncomingMessage } from 'node:http'
import { runActions } from './actions.ts'
import { listen, liveEvents, SYNC_TAGS } from './events.ts'
import { queryParams, readJson, send, type LakeRoute } from './http.ts'
import { publishedIdOf, type DocumentStore } from './store.ts'

/**
 * The data endpoints (`data/<endpoint>/<dataset>/…`): documents by id, GROQ queries, mutations,
 * actions, the listener, the Live Content API, history and references, each answered as Sanity's API answers it.
 */

/** The perspective a query runs under: the API's default is `published` from v2025-02-19, `raw` before. */
function perspectiveOf(url: URL, version: string): string {
  const asked = url.searchParams.get('perspective')
  if (asked) return asked.split(',').includes('drafts') || asked === 'previewDrafts' ? 'drafts' : asked.split(',')[0]!
  return version >= '2025-02-19' ? 'published' : 'raw'
}

/** A query's answer, from GET (query string) or POST (JSON body: query, params, perspective). */
async function query(store: DocumentStore, request: IncomingMessage, url: URL, version: string) {
  let groq = url.searchParams.get('query') ?? ''
  const params = queryParams(url)
  if (request.method === 'POST') {
    const body = await readJson<{ query: string; params?: Record<string, unknown>; perspective?: string }>(request)
    groq = body.query
    Object.assign(params, body.params)
    if (body.perspective) url.searchParams.set('perspective', String(body.perspective))
  }
  const started = performance.now()
  const perspective = perspectiveOf(url, version)
  // With resultSourceMap asked for (stega in the preview), the answer says where each text came from.
  const withSourceMap = Boolean(url.searchParams.get('resultSourceMap')) && url.searchParams.get('resultSourceMap') !== 'false'
  const answer = withSourceMap ? await store.queryWithSourceMap(groq, params, perspective) : { result: await store.query(groq, params, perspective) }
  // The Live Content API's tags for this answer: its events name them when it may have changed.
  const syncTags = [perspective === 'published' ? SYNC_TAGS.published : SYNC_TAGS.drafts]
  return { query: groq, ...answer, syncTags, ms: Math.round(performance.now() - started) }
}

/** The data endpoints of the API version the request names (`v2025-02-19`, `v1`, `vX`). */
export function dataRoutes(store: DocumentStore, version: string): LakeRoute {
  return async (request, response, url, route) => {
    if (/^data\/live\/events\/[^/]+$/.test(route)) {
      liveEvents(store, request, response, url)
      return true
    }
    const data = /^data\/([a-z]+)\/([^/]+)(?:\/(.*))?$/.exec(route)
    if (!data) return false
    const [, endpoint, , rest] = data
    if (endpoint === 'doc') {
      const ids = decodeURIComponent(rest ?? '').split(',')
      const found = ids.map((id) => store.get(id))
      return send(response, 200, { documents: found.filter(Boolean), omitted: ids.filter((_, i) => !found[i]).map((id) => ({ id, reason: 'existence' })) })
    }
    if (endpoint === 'query') return send(response, 200, await query(store, request, url, version))
    if (endpoint === 'mutate') {
      const body = await readJson<{ mutations: Record<string, unknown>[]; transactionId?: string }>(request)
      const { transaction, results } = await store.mutate(body.mutations, body.transactionId)
      const returnDocuments = url.searchParams.get('returnDocuments') === 'true'
      return send(response, 200, {
        transactionId: transaction.id,
        results: results.map((result) => ({ ...result, ...(returnDocuments ? { document: store.get(result.id) } : {}) })),
        documentIds: results.map((result) => result.id),
      })
    }
    if (endpoint === 'actions') {
      const body = await readJson<{ actions: Record<string, unknown>[] | Record<string, unknown>; transactionId?: string; dryRun?: boolean }>(request)
      const actions = Array.isArray(body.actions) ? body.actions : [body.actions]
      const transaction = runActions(store, actions, body.transactionId)
      return send(response, 200, { transactionId: transaction.id })
    }
    if (endpoint === 'listen') {
      listen(store, request, response, url)
      return true
    }
    if (endpoint === 'history') {
      // The lake keeps every transaction since it started (in memory): History lists them and restores any revision.
      const documents = /^documents\/(.+)$/.exec(rest ?? '')
      if (documents) {
        const ids = decodeURIComponent(documents[1]!).split(',')
        const at = { revision: url.searchParams.get('revision'), time: url.searchParams.get('time'), lastRevision: url.searchParams.get('lastRevision') === 'true' }
        return send(response, 200, { documents: ids.map((id) => store.documentAt(id, at)).filter(Boolean) })
      }
      const transactions = /^transactions\/(.+)$/.exec(rest ?? '')
      if (transactions) {
        const asked = decodeURIComponent(transactions[1]!).split(',')
        // includeIdentifiedDocumentsOnly: the named ids only; otherwise a document's draft and published copy together.
        const ids = new Set(url.searchParams.get('includeIdentifiedDocumentsOnly') === 'true' ? asked : asked.flatMap((id) => [publishedIdOf(id), `drafts.${publishedIdOf(id)}`]))
        const limit = Number(url.searchParams.get('limit')) || undefined
        const lines = store
          .transactionsOf(ids, { fromTransaction: url.searchParams.get('fromTransaction'), toTransaction: url.searchParams.get('toTransaction'), reverse: url.searchParams.get('reverse') === 'true', limit })
          .map((transaction) => JSON.stringify(transaction))
        response.writeHead(200, { 'content-type': 'application/x-ndjson' })
        response.end(lines.join('\n'))
        return true
      }
      if ((rest ?? '').startsWith('events/')) return send(response, 200, { events: [], nextCursor: '' })
    }
    if (endpoint === 'references') return send(response, 200, { references: [], totalCount: 0 })
    return false
  }
}
