import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { queryParams } from './http.ts'
import { EDITOR_ID, isDraftId, type DocumentStore, type LakeDocument, type Transaction } from './store.ts'

/**
 * The lake's two event streams (server-sent events): the listener (`data/listen`), which the
 * Studio and @sanity/client open per query, and the Live Content API (`data/live/events`).
 */

/** The lake's two sync tags (see liveEvents): what the published perspective reads, and what the drafts one does. */
export const SYNC_TAGS = { published: 's1:lake-published', drafts: 's1:lake-drafts' }

const HEARTBEAT_MS = 20_000

/**
 * Opens an event stream: its welcome, then what `onTransaction` writes for each transaction, and a
 * heartbeat comment, until the client closes it.
 */
function openStream(
  store: DocumentStore,
  request: IncomingMessage,
  response: ServerResponse,
  welcome: unknown,
  onTransaction: (transaction: Transaction) => void | Promise<void>,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  response.write(`event: welcome\ndata: ${JSON.stringify(welcome)}\n\n`)
  // One transaction's events are written before the next one's: matching a query is asynchronous, and a later, smaller
  // transaction must not overtake an earlier one (a client drops a mutation whose previous revision it has not seen).
  let written = Promise.resolve()
  const unsubscribe = store.subscribe((transaction) => {
    // A stream that cannot match a transaction says so: its client would otherwise wait for events that never come.
    written = written.then(() => onTransaction(transaction)).catch((error: unknown) => console.error(`[lake] a stream skipped transaction ${transaction.id}:`, error))
  })
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS)
  request.on('close', () => {
    clearInterval(heartbeat)
    unsubscribe()
  })
}

/** A document as a listener event carries it: without its revision (the event names it). */
function withoutRev(doc: LakeDocument | null) {
  if (!doc) return null
  const { _rev, ...rest } = doc
  void _rev
  return rest
}

/** One `mutation` event per document a transaction changed that the listener's query matches (before or after). */
export function listen(store: DocumentStore, request: IncomingMessage, response: ServerResponse, url: URL) {
  const query = url.searchParams.get('query') ?? '*'
  const params = queryParams(url)
  const includeResult = url.searchParams.get('includeResult') !== 'false'
  const includeMutations = url.searchParams.get('includeMutations') !== 'false'
  const includePreviousRevision = url.searchParams.get('includePreviousRevision') === 'true'
  openStream(store, request, response, { listenerName: `local-${randomUUID()}` }, async (transaction) => {
    const matching = []
    for (const change of transaction.changes) {
      if ((await store.matches(query, params, change.after)) || (await store.matches(query, params, change.before))) matching.push(change)
    }
    matching.forEach((change, index) => {
      const event = {
        eventId: `${transaction.id}#${change.id}`,
        documentId: change.id,
        transactionId: transaction.id,
        transition: !change.before ? 'appear' : !change.after ? 'disappear' : 'update',
        identity: EDITOR_ID,
        // Each event carries its document's resulting mutation (an action's own form is not a mutation).
        mutations: includeMutations ? [change.after ? { createOrReplace: withoutRev(change.after) } : { delete: { id: change.id } }] : undefined,
        previousRev: change.before?._rev,
        resultRev: transaction.id,
        timestamp: transaction.timestamp,
        visibility: 'query',
        // A Mendoza patch that states the whole new value (opcode 0 = Value): valid for any change.
        effects: { apply: [0, withoutRev(change.after)], revert: [0, withoutRev(change.before)] },
        transactionTotalEvents: matching.length,
        transactionCurrentEvent: index + 1,
        ...(includeResult && change.after ? { result: change.after } : {}),
        ...(includePreviousRevision && change.before ? { previous: change.before } : {}),
      }
      response.write(`event: mutation\ndata: ${JSON.stringify(event)}\n\n`)
    })
  })
}

/**
 * The Live Content API (`data/live/events`), which the Presentation tool and next-sanity's
 * `<SanityLive>` open: a welcome, then one `message` per transaction naming the sync tags it
 * touched. The lake's tags are coarse — one for what the published perspective reads, one for what
 * the drafts perspective reads (query answers carry them as `syncTags`) — so an event says "what
 * you read may have changed". A published change touches both; a draft's only the drafts tag, and
 * reaches only streams opened with `includeDrafts=true`, as on Sanity.
 */
export function liveEvents(store: DocumentStore, request: IncomingMessage, response: ServerResponse, url: URL) {
  const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
  openStream(store, request, response, {}, (transaction) => {
    const published = transaction.changes.some((change) => !isDraftId(change.id))
    if (!published && !includeDrafts) return
    const tags = published ? [SYNC_TAGS.published, SYNC_TAGS.drafts] : [SYNC_TAGS.drafts]
    response.write(`event: message\nid: ${transaction.id}\ndata: ${JSON.stringify({ id: transaction.id, tags })}\n\n`)
  })
}
