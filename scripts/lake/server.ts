import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { accounts, type LakeUser } from './account.ts'
import { serveImage, uploadRoute } from './assets.ts'
import { dataRoutes } from './data.ts'
import { cors, send, type LakeAddress } from './http.ts'
import { DocumentStore, LakeError, type LakeDocument } from './store.ts'
import { webhookSender, type SentWebhook } from './webhook.ts'

export type { LakeUser } from './account.ts'

/**
 * A local Content Lake: enough of Sanity's HTTP API for the real Studio (and @sanity/client) to
 * work with no account — current user and project, grants, documents (doc, query, mutate, actions),
 * the listener (server-sent events), history and image assets. Sanity ships no local Content Lake,
 * so this is the project's own; it speaks the documented wire format and nothing else.
 *
 * The Studio reaches it through `apiHost: http://localhost:PORT`: the client then calls
 * `http://<projectId>.localhost:PORT` (browsers resolve every *.localhost to loopback), global
 * calls (`/users/me`) on `localhost:PORT` itself, and its event streams on host names of their own
 * (`l<n>.<projectId>.localhost:PORT`, studio/lakeStreams.ts). All land here: plain HTTP, any host name.
 *
 * This file starts the servers and dispatches each request; the API's parts are beside it:
 * account.ts (users, sign-in, project), data.ts (doc, query, mutate, actions, history), actions.ts,
 * events.ts (listener and Live Content API), assets.ts (images), webhook.ts, and store.ts (the documents).
 */
export interface LakeOptions {
  /** Folder of production.ndjson (published), drafts.ndjson and assets/. */
  dataDir?: string
  /** Instead of a folder: these documents, held in memory only (tests). */
  documents?: LakeDocument[]
  port?: number
  host?: string
  projectId?: string
  dataset?: string
  /** Write changes back to the files (off for tests that copy nothing). */
  persist?: boolean
  /** Tokens the lake knows, each with its user (besides the local editor's own, made at start). */
  users?: Iterable<[token: string, user: LakeUser]>
  /** Sanity's publish webhook, as configured in sanity.io/manage (docs/local-lake.md). */
  webhook?: { url: string; secret: string }
  log?: (line: string) => void
  /** Log every request it answers (`SANITY_LAKE_VERBOSE`, read by the scripts that start it). */
  verbose?: boolean
}

export interface LocalLake {
  url: string
  port: number
  store: DocumentStore
  /** The stored documents by id (drafts as `drafts.<id>`): a test may change them directly. */
  documents: Map<string, LakeDocument>
  /** Every request answered, in order (`METHOD host/path?query`). */
  requests: string[]
  /** Answer every request with this status until cleared (fault tests: the Content Lake failing). */
  failWith: number | null
  /** Bearer token → user, as `users/me` answers (a test may add users). */
  users: Map<string, LakeUser>
  /** The local editor's token, which the Studio gets by signing in (auth/providers → auth/fetch). */
  editorToken: string
  /** Webhooks sent (status or error), for tests and the console. */
  webhooks: SentWebhook[]
  close(): Promise<void>
}

export async function startLocalLake(options: LakeOptions): Promise<LocalLake> {
  if (!options.documents && !options.dataDir) throw new Error('startLocalLake needs a dataDir (a dataset folder) or documents (in memory)')
  const store = options.documents
    ? new DocumentStore({ documents: options.documents })
    : new DocumentStore({ dataDir: options.dataDir!, persist: options.persist })
  let baseUrl = ''
  const address: LakeAddress = { projectId: options.projectId ?? 'offline0', dataset: options.dataset ?? 'production', baseUrl: () => baseUrl }
  // Assets are named by their content's hash, so lakes in memory can share one folder.
  const assetsDir = options.dataDir ? path.join(options.dataDir, 'assets') : path.join(tmpdir(), 'local-content-lake-assets')
  const faults: Pick<LocalLake, 'failWith'> = { failWith: null }
  const requests: string[] = []
  const webhooks: SentWebhook[] = []
  const log = options.log ?? (() => {})
  if (options.webhook) {
    const sendWebhook = webhookSender(options.webhook, webhooks, log)
    store.subscribe((transaction) => void sendWebhook(transaction))
  }
  const account = accounts(address, options.users)
  const upload = uploadRoute({ ...address, store, assetsDir })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://lake')
    const host = request.headers.host ?? request.headers[':authority'] ?? ''
    requests.push(`${request.method} ${host}${url.pathname}${url.search}`)
    if (options.verbose) log(`${request.method} ${host}${url.pathname}${url.search}`)
    if (faults.failWith) return send(response, faults.failWith, { error: 'local lake failure (failWith)', statusCode: faults.failWith })
    cors(request, response)
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      })
      return response.end()
    }
    if (serveImage(assetsDir, url, response)) return
    const match = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/(.*)$/.exec(url.pathname)
    if (!match) return send(response, 404, { error: 'Not found', statusCode: 404 })
    const version = match[1]!
    const route = match[2]!.replace(/^projects\/[^/]+\/datasets\/[^/]+\/(?=data|acl)/, '')
    try {
      for (const answer of [account.answer, dataRoutes(store, version), upload]) if (await answer(request, response, url, route)) return
      log(`unanswered: ${request.method} ${host}${url.pathname}${url.search}`)
      return send(response, 404, { error: { type: 'notFound', description: `The local Content Lake does not serve ${request.method} /${route}` }, statusCode: 404 })
    } catch (error) {
      const status = error instanceof LakeError ? error.status : 400
      const type = error instanceof LakeError ? error.type : 'queryParseError'
      log(`error ${status} on ${request.method} ${url.pathname}: ${(error as Error).message}`)
      if (!response.headersSent) send(response, status, { error: { type, description: (error as Error).message }, statusCode: status })
    }
  }

  const server: Server = createServer(handle)
  // An idle connection stays open until the browser closes it: with Node's 5 s default the lake could close a kept-alive
  // socket just as the Studio sent a request on it, and a POST lost that way (an upload, a publish) is not sent again.
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  // What a browser's Studio and the site's pages name it by (images, sign-in): `localhost`, whose subdomains are loopback too.
  baseUrl = `http://localhost:${port}`
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    documents: store.documents,
    users: account.users,
    editorToken: account.editorToken,
    requests,
    get failWith() {
      return faults.failWith
    },
    set failWith(status) {
      faults.failWith = status
    },
    webhooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
