import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { queryDocuments, type SanityDocumentLike } from '../../web/lib/sanity/localDataset'
import { answerUsersMe, type LakeUser } from '../../scripts/lake/usersMe'

/**
 * A loopback stand-in for the Sanity Content Lake: it speaks the query API's wire format
 * (GET /v{apiVersion}/data/query/{dataset}?query=…&$param=<json> → {"result": …}), the doc
 * endpoint and the mutate endpoint (createOrReplace, create, createIfNotExists, delete), evaluating GROQ with groq-js over documents a test can change. The real @sanity/client
 * talks to it through `apiHost` + `useProjectHostname: false`.
 */
export interface ContentLakeStandIn {
  url: string
  documents: Map<string, SanityDocumentLike>
  /** Every request the stand-in answered, in order (path + query string). */
  requests: string[]
  /** Studio users by token: `GET /v…/users/me` answers like Sanity's (scripts/lake/usersMe.ts). */
  users: Map<string, LakeUser>
  /** Make every response fail with this status until cleared (fault tests). */
  failWith: number | null
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
  response.end(json)
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * What a query sees under a perspective: `published` (the default) hides drafts, `drafts` shows
 * each document's draft in place of the published version, `raw` shows everything.
 */
function view(documents: Map<string, SanityDocumentLike>, perspective: string | null): SanityDocumentLike[] {
  const all = [...documents.values()]
  if (perspective === 'raw') return all
  const published = all.filter((doc) => !doc._id.startsWith('drafts.'))
  if (perspective !== 'drafts') return published
  const drafts = new Map(all.filter((doc) => doc._id.startsWith('drafts.')).map((doc) => [doc._id.slice('drafts.'.length), doc]))
  const overlaid = published.map((doc) => {
    const draft = drafts.get(doc._id)
    return draft ? { ...draft, _id: doc._id, _originalId: draft._id } : doc
  })
  const newOnes = [...drafts.entries()].filter(([id]) => !documents.has(id)).map(([id, doc]) => ({ ...doc, _id: id, _originalId: doc._id }))
  return [...overlaid, ...newOnes]
}

export async function startContentLake(initial: SanityDocumentLike[], port = 0): Promise<ContentLakeStandIn> {
  const documents = new Map(initial.map((doc) => [doc._id, structuredClone(doc)]))
  const state: Pick<ContentLakeStandIn, 'requests' | 'failWith'> = { requests: [], failWith: null }
  const users = new Map<string, LakeUser>()

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    state.requests.push(`${request.method} ${url.pathname}${url.search}`)
    if (state.failWith) return send(response, state.failWith, { error: 'stand-in failure', statusCode: state.failWith })
    const query = /^\/v[^/]+\/data\/query\/[^/]+$/.test(url.pathname)
    const mutate = request.method === 'POST' && /^\/v[^/]+\/data\/mutate\/[^/]+$/.test(url.pathname)
    const doc = /^\/v[^/]+\/data\/doc\/[^/]+\/(.+)$/.exec(url.pathname)
    try {
      if (/^\/v[^/]+\/users\/me$/.test(url.pathname)) {
        const me = answerUsersMe(request.headers.authorization, users)
        return send(response, me.status, me.body)
      }
      if (query) {
        let groq = url.searchParams.get('query') ?? ''
        const params: Record<string, unknown> = {}
        if (request.method === 'POST') {
          const body = JSON.parse(await readBody(request)) as { query: string; params?: Record<string, unknown> }
          groq = body.query
          Object.assign(params, body.params)
        }
        for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value)
        const started = performance.now()
        const result = await queryDocuments(view(documents, url.searchParams.get('perspective')), groq, params)
        return send(response, 200, { query: groq, result, ms: Math.round(performance.now() - started) })
      }
      if (mutate) {
        const { mutations } = JSON.parse(await readBody(request)) as { mutations: Record<string, SanityDocumentLike | { id: string }>[] }
        const results = mutations.map((mutation) => {
          const [operation, value] = Object.entries(mutation)[0]!
          if (operation === 'delete') {
            documents.delete((value as { id: string }).id)
            return { id: (value as { id: string }).id, operation: 'delete' }
          }
          if (operation === 'createOrReplace' || operation === 'create' || operation === 'createIfNotExists') {
            const next = value as SanityDocumentLike
            if (operation !== 'createOrReplace' && documents.has(next._id)) return { id: next._id, operation: 'none' }
            documents.set(next._id, structuredClone(next))
            return { id: next._id, operation: 'create' }
          }
          throw new Error(`stand-in does not support ${operation}`)
        })
        return send(response, 200, { transactionId: `tx-${state.requests.length}`, results })
      }
      if (doc) {
        const ids = decodeURIComponent(doc[1]!).split(',')
        return send(response, 200, { documents: ids.map((id) => documents.get(id)).filter(Boolean), omitted: [] })
      }
      return send(response, 404, { error: 'Not found', statusCode: 404 })
    } catch (error) {
      return send(response, 400, { error: { description: (error as Error).message, type: 'queryParseError' } })
    }
  })

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: actualPort } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${actualPort}`,
    documents,
    users,
    get requests() {
      return state.requests
    },
    get failWith() {
      return state.failWith
    },
    set failWith(value) {
      state.failWith = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
