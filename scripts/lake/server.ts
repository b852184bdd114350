import { Mutation } from '@sanity/mutator'
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createSecureServer, type Http2SecureServer } from 'node:http2'
import { tmpdir } from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { imageSize } from './imageSize.ts'
import { DocumentStore, EDITOR_ID, isDraftId, LakeError, publishedIdOf, type LakeDocument, type Transaction } from './store.ts'

/**
 * A local Content Lake: enough of Sanity's HTTP API for the real Studio (and @sanity/client) to
 * work with no account — current user and project, grants, documents (doc, query, mutate, actions),
 * the listener (server-sent events), history and image assets. Sanity ships no local Content Lake,
 * so this is the project's own; it speaks the documented wire format and nothing else.
 *
 * The Studio reaches it through `apiHost: http://localhost:PORT`: the client then calls
 * `http://<projectId>.localhost:PORT` (browsers resolve every *.localhost to loopback), and global
 * calls (`/users/me`) on `localhost:PORT` itself. Both land here.
 */
export interface LakeOptions {
  /** Folder of production.ndjson (published), drafts.ndjson and assets/. */
  dataDir?: string
  /** Instead of a folder: these documents, held in memory only (tests). */
  documents?: LakeDocument[]
  port?: number
  /**
   * Also serve HTTPS with HTTP/2 here, for the Studio in a browser: over HTTP/1.1 a browser opens
   * at most 6 connections to a host, and the Studio holds more listeners (server-sent events) than
   * that open at once, so its next request would wait forever. Sanity's API is HTTP/2 for the same reason.
   */
  tlsPort?: number
  host?: string
  projectId?: string
  dataset?: string
  /** Write changes back to the files (off for tests that copy nothing). */
  persist?: boolean
  /** Tokens the lake knows, each with its user (besides the local editor's own, made at start). */
  users?: Iterable<[token: string, user: LakeUser]>
  /** Sanity's publish webhook, as configured in sanity.io/manage (see README). */
  webhook?: { url: string; secret: string }
  log?: (line: string) => void
}

/** A user as `users/me` describes one. */
export type LakeUser = { id: string; name?: string; email?: string } & Record<string, unknown>

export interface LocalLake {
  url: string
  port: number
  /** The HTTPS/HTTP2 address for browsers, when tlsPort was given. */
  tlsUrl: string | undefined
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
  webhooks: { body: unknown; status: number | string }[]
  close(): Promise<void>
}

const WEBHOOK_TYPES = new Set(['siteSettings', 'page', 'pestPage', 'legalPage', 'pest', 'faq'])
const EDITOR = {
  id: EDITOR_ID,
  name: 'Local Editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator', description: 'Full access on the local lake' }],
  provider: 'local',
}
/** The lake's two sync tags (see liveEvents): what the published perspective reads, and what the drafts one does. */
const SYNC_TAGS = { published: 's1:lake-published', drafts: 's1:lake-drafts' }
const ALL_GRANTS = ['read', 'update', 'create', 'history', 'editHistory']

/** The token of an `Authorization: Bearer …` header, else null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '')
  return match ? match[1]! : null
}

function cors(request: IncomingMessage, response: ServerResponse) {
  const origin = request.headers.origin
  if (origin) {
    response.setHeader('access-control-allow-origin', origin)
    response.setHeader('access-control-allow-credentials', 'true')
    response.setHeader('vary', 'origin')
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
  response.end(json)
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function queryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value)
  return params
}

/** The perspective a query runs under: the API's default is `published` from v2025-02-19, `raw` before. */
function perspectiveOf(url: URL, version: string): string {
  const asked = url.searchParams.get('perspective')
  if (asked) return asked.split(',').includes('drafts') || asked === 'previewDrafts' ? 'drafts' : asked.split(',')[0]!
  return version >= '2025-02-19' ? 'published' : 'raw'
}

export async function startLocalLake(options: LakeOptions): Promise<LocalLake> {
  const projectId = options.projectId ?? 'offline0'
  const dataset = options.dataset ?? 'production'
  if (!options.documents && !options.dataDir) throw new Error('startLocalLake needs a dataDir (a dataset folder) or documents (in memory)')
  const store = options.documents
    ? new DocumentStore({ documents: options.documents })
    : new DocumentStore({ dataDir: options.dataDir!, persist: options.persist })
  // Assets are named by their content's hash, so lakes in memory can share one folder.
  const assetsDir = options.dataDir ? path.join(options.dataDir, 'assets') : path.join(tmpdir(), 'local-content-lake-assets')
  const faults: Pick<LocalLake, 'failWith'> = { failWith: null }
  const requests: string[] = []
  const webhooks: LocalLake['webhooks'] = []
  const keyValues = new Map<string, unknown>()
  const log = options.log ?? (() => {})
  let baseUrl = ''
  // Signing in: the Studio's login screen lists one provider; it redirects back with a session id,
  // which the Studio exchanges for the editor's token (auth/fetch) and sends as a bearer token.
  const editorToken = `local-${randomBytes(24).toString('hex')}`
  const users = new Map<string, LakeUser>([[editorToken, EDITOR], ...(options.users ?? [])])
  const sessions = new Set<string>()

  const project = () => ({
    id: projectId,
    displayName: 'Local Content Lake',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    organizationId: null,
    metadata: { color: '#2276fc' },
    maxRetentionDays: 3,
    members: [{ id: EDITOR_ID, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', isCurrentUser: true, isRobot: false, role: 'administrator', roles: EDITOR.roles }],
    features: [],
    pendingInvites: 0,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  })

  // Sanity's GROQ-powered webhook on publish: the projection the README configures, signed with the secret.
  async function sendWebhook(transaction: Transaction) {
    if (!options.webhook) return
    for (const change of transaction.changes) {
      if (isDraftId(change.id)) continue
      const type = (change.after ?? change.before)?._type
      if (!type || !WEBHOOK_TYPES.has(type)) continue
      const slugOf = (doc: LakeDocument | null) => ((doc?.slug as { current?: string } | undefined)?.current ?? null)
      const body = JSON.stringify({ _id: change.id, _type: type, slug: slugOf(change.after), previousSlug: slugOf(change.before) })
      try {
        const signature = await encodeSignatureHeader(body, Date.now(), options.webhook.secret)
        const response = await fetch(options.webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature, 'sanity-operation': change.after ? 'update' : 'delete' },
          body,
        })
        webhooks.push({ body: JSON.parse(body), status: response.status })
        log(`webhook ${change.id} → ${response.status}`)
      } catch (error) {
        webhooks.push({ body: JSON.parse(body), status: (error as Error).message })
        log(`webhook ${change.id} failed: ${(error as Error).message}`)
      }
    }
  }
  store.subscribe((transaction) => void sendWebhook(transaction))

  async function listen(request: IncomingMessage, response: ServerResponse, url: URL) {
    const query = url.searchParams.get('query') ?? '*'
    const params = queryParams(url)
    const includeResult = url.searchParams.get('includeResult') !== 'false'
    const includeMutations = url.searchParams.get('includeMutations') !== 'false'
    const includePreviousRevision = url.searchParams.get('includePreviousRevision') === 'true'
    // (No Connection header: HTTP/2 forbids it.)
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const listenerName = `local-${randomUUID()}`
    response.write(`event: welcome\ndata: ${JSON.stringify({ listenerName })}\n\n`)
    const unsubscribe = store.subscribe(async (transaction) => {
      const matching = []
      for (const change of transaction.changes) {
        if ((await store.matches(query, params, change.after)) || (await store.matches(query, params, change.before))) matching.push(change)
      }
      matching.forEach((change, index) => {
        const strip = (doc: LakeDocument | null) => {
          if (!doc) return null
          const { _rev, ...rest } = doc
          void _rev
          return rest
        }
        const event = {
          eventId: `${transaction.id}#${change.id}`,
          documentId: change.id,
          transactionId: transaction.id,
          transition: !change.before ? 'appear' : !change.after ? 'disappear' : 'update',
          identity: EDITOR_ID,
          // Each event carries its document's resulting mutation (an action's own form is not a mutation).
          mutations: includeMutations ? [change.after ? { createOrReplace: strip(change.after) } : { delete: { id: change.id } }] : undefined,
          previousRev: change.before?._rev,
          resultRev: transaction.id,
          timestamp: transaction.timestamp,
          visibility: 'query',
          // A Mendoza patch that states the whole new value (opcode 0 = Value): valid for any change.
          effects: { apply: [0, strip(change.after)], revert: [0, strip(change.before)] },
          transactionTotalEvents: matching.length,
          transactionCurrentEvent: index + 1,
          ...(includeResult && change.after ? { result: change.after } : {}),
          ...(includePreviousRevision && change.before ? { previous: change.before } : {}),
        }
        response.write(`event: mutation\ndata: ${JSON.stringify(event)}\n\n`)
      })
    })
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 20_000)
    request.on('close', () => {
      clearInterval(heartbeat)
      unsubscribe()
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
  function liveEvents(request: IncomingMessage, response: ServerResponse, url: URL) {
    const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    response.write(`event: welcome\ndata: {}\n\n`)
    const unsubscribe = store.subscribe((transaction) => {
      const published = transaction.changes.some((change) => !isDraftId(change.id))
      if (!published && !includeDrafts) return
      const tags = published ? [SYNC_TAGS.published, SYNC_TAGS.drafts] : [SYNC_TAGS.drafts]
      response.write(`event: message\nid: ${transaction.id}\ndata: ${JSON.stringify({ id: transaction.id, tags })}\n\n`)
    })
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 20_000)
    request.on('close', () => {
      clearInterval(heartbeat)
      unsubscribe()
    })
  }

  function runActions(actions: Record<string, unknown>[], transactionId?: string): Transaction {
    const next = new Map<string, LakeDocument | null>()
    const current = (id: string) => (next.has(id) ? next.get(id)! : store.get(id))
    for (const action of actions) {
      const type = String(action.actionType).replace('sanity.action.document.', '')
      const publishedId = action.publishedId as string | undefined
      const draftId = (action.draftId as string | undefined) ?? (action.versionId as string | undefined) ?? (publishedId ? `drafts.${publishedId}` : undefined)
      switch (type) {
        case 'create': {
          const attributes = action.attributes as LakeDocument
          const id = attributes._id ?? draftId!
          if (current(id)) {
            if (action.ifExists === 'ignore') break
            throw new LakeError(409, 'documentAlreadyExistsError', `Document by ID "${id}" already exists`)
          }
          next.set(id, { ...attributes, _id: id })
          break
        }
        case 'edit': {
          const base = current(draftId!) ?? (current(publishedId!) ? { ...current(publishedId!)!, _id: draftId! } : null)
          if (!base) throw new LakeError(409, 'documentNotFoundError', `Neither "${draftId}" nor "${publishedId}" exists`)
          const patched = new Mutation({ mutations: [{ patch: { ...(action.patch as object), id: draftId } }] as never }).apply(base as never) as LakeDocument
          next.set(draftId!, patched)
          break
        }
        case 'replaceDraft':
          next.set(draftId!, { ...(action.attributes as LakeDocument), _id: draftId! })
          break
        case 'publish': {
          const draft = current(draftId!)
          if (!draft) throw new LakeError(409, 'documentNotFoundError', `There is no draft "${draftId}" to publish`)
          const published = current(publishedId!)
          if (action.ifPublishedRevisionId && published?._rev !== action.ifPublishedRevisionId)
            throw new LakeError(409, 'conflict', `The published document changed (revision ${published?._rev})`)
          if (action.ifDraftRevisionId && draft._rev !== action.ifDraftRevisionId) throw new LakeError(409, 'conflict', `The draft changed (revision ${draft._rev})`)
          next.set(publishedId!, { ...draft, _id: publishedId!, _createdAt: published?._createdAt ?? draft._createdAt })
          next.set(draftId!, null)
          break
        }
        case 'unpublish': {
          const published = current(publishedId!)
          if (!published) throw new LakeError(409, 'documentNotFoundError', `"${publishedId}" is not published`)
          if (!current(draftId!)) next.set(draftId!, { ...published, _id: draftId! })
          next.set(publishedId!, null)
          break
        }
        case 'discard':
        case 'version.discard':
          if (!current(draftId!)) throw new LakeError(409, 'documentNotFoundError', `There is no "${draftId}" to discard`)
          next.set(draftId!, null)
          break
        case 'delete':
          next.set(publishedId!, null)
          for (const id of (action.includeDrafts as string[] | undefined) ?? []) next.set(id, null)
          if (current(`drafts.${publishedId}`)) next.set(`drafts.${publishedId}`, null)
          break
        default:
          throw new LakeError(400, 'unsupportedAction', `The local Content Lake does not support ${action.actionType} (releases, variants and scheduling are off locally)`)
      }
    }
    return store.commit(next, actions, transactionId)
  }

  async function uploadImage(request: IncomingMessage, url: URL): Promise<LakeDocument> {
    const bytes = await readBody(request)
    const { width, height, extension, mimeType } = imageSize(bytes)
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const fileName = `${sha1}-${width}x${height}.${extension}`
    mkdirSync(assetsDir, { recursive: true })
    writeFileSync(path.join(assetsDir, fileName), bytes)
    const id = `image-${sha1}-${width}x${height}-${extension}`
    const existing = store.get(id)
    if (existing) return existing
    const asset = {
      _id: id,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension,
      mimeType,
      size: bytes.length,
      originalFilename: url.searchParams.get('filename') ?? fileName,
      path: `images/${projectId}/${dataset}/${fileName}`,
      url: `${baseUrl}/images/${projectId}/${dataset}/${fileName}`,
      uploadId: randomUUID(),
      metadata: { _type: 'sanity.imageMetadata', dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height }, hasAlpha: extension === 'png', isOpaque: extension !== 'png' },
    }
    store.commit(new Map([[id, asset]]), [{ create: asset }])
    return store.get(id)!
  }

  /**
   * The one login provider (on the project's host, whose certificate the developer accepted once):
   * back to the Studio that asked, on this machine only, with a session id.
   */
  function signIn(response: ServerResponse, url: URL) {
    let origin: URL
    try {
      origin = new URL(url.searchParams.get('origin') ?? '')
    } catch {
      return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'origin must be the Studio’s address' })
    }
    if (!/^https?:$/.test(origin.protocol) || !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(origin.hostname))
      return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'The local Content Lake signs in Studios on this machine only' })
    const sid = randomBytes(24).toString('hex')
    sessions.add(sid)
    origin.hash = `sid=${sid}`
    response.writeHead(302, { location: origin.href })
    response.end()
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://lake')
    const host = request.headers.host ?? request.headers[':authority'] ?? ''
    requests.push(`${request.method} ${host}${url.pathname}${url.search}`)
    if (process.env.SANITY_LAKE_VERBOSE) log(`${request.method} ${host}${url.pathname}${url.search}`)
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
    const imageFile = /^\/images\/[^/]+\/[^/]+\/([^/]+)$/.exec(url.pathname)
    if (imageFile) {
      const file = path.join(assetsDir, path.basename(imageFile[1]!))
      if (!existsSync(file)) return send(response, 404, { error: 'Not found', statusCode: 404 })
      const ext = path.extname(file).slice(1)
      response.writeHead(200, { 'content-type': ext === 'jpg' ? 'image/jpeg' : `image/${ext === 'svg' ? 'svg+xml' : ext}`, 'cache-control': 'max-age=31536000' })
      return createReadStream(file).pipe(response)
    }
    const match = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/(.*)$/.exec(url.pathname)
    if (!match) return send(response, 404, { error: 'Not found', statusCode: 404 })
    const version = match[1]!
    const route = match[2]!.replace(/^projects\/[^/]+\/datasets\/[^/]+\/(?=data|acl)/, '')
    try {
      // Who is asking, as Sanity answers it: no token → anonymous ({}), an unknown token → 401.
      const token = bearerToken(request.headers.authorization)
      const user = token === null ? null : users.get(token)
      if (token !== null && !user && (route === 'users/me' || route === 'auth/id'))
        return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session not found' })
      if (route === 'users/me') return send(response, 200, user ?? {})
      if (route === 'auth/id') return user ? send(response, 200, { id: user.id }) : send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Not logged in' })
      if (route === 'auth/providers')
        return send(response, 200, { providers: [{ name: 'local', title: 'Local editor (no account)', url: `${baseUrl.replace('://localhost', `://${projectId}.localhost`)}/v1/auth/login/local` }], thirdPartyLogin: false, sso: {} })
      if (route === 'auth/login/local') return signIn(response, url)
      if (route === 'auth/fetch') {
        const sid = url.searchParams.get('sid') ?? ''
        if (!sessions.delete(sid)) return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session not found' })
        return send(response, 200, { token: editorToken })
      }
      if (route === 'auth/logout') return send(response, 200, {})
      if (route.startsWith('users/me/keyvalue')) {
        if (request.method === 'GET') {
          const keys = decodeURIComponent(route.slice('users/me/keyvalue/'.length)).split(',')
          return send(response, 200, keys.map((key) => ({ key, value: keyValues.get(key) ?? null })))
        }
        const pairs = JSON.parse((await readBody(request)).toString('utf8')) as { key: string; value: unknown }[]
        for (const pair of pairs) keyValues.set(pair.key, pair.value)
        return send(response, 200, pairs)
      }
      if (/^(projects\/[^/]+\/)?users\/[^/]+$/.test(route)) {
        const ids = decodeURIComponent(route.split('/').at(-1)!).split(',')
        const found = ids.map((id) => (id === EDITOR_ID || id === 'me' ? EDITOR : null)).filter(Boolean)
        return send(response, 200, ids.length > 1 ? found : (found[0] ?? null))
      }
      if (new RegExp(`^projects/${projectId}$`).test(route)) return send(response, 200, project())
      if (/^projects\/[^/]+\/datasets$/.test(route) || route === 'datasets') return send(response, 200, [{ name: dataset, aclMode: 'public', createdAt: '2025-01-01T00:00:00Z' }])
      if (/^projects\/[^/]+\/datasets\/[^/]+\/acl$/.test(route) || route === 'acl')
        return send(response, 200, [{ filter: '_id in path("**")', permissions: ALL_GRANTS }])
      if (/^projects\/[^/]+\/grants$/.test(route))
        return send(response, 200, { 'sanity.project': [{ grants: [{ name: 'read', params: {} }] }], 'sanity.project.members': [{ grants: [{ name: 'read', params: {} }] }] })
      if (/^projects\/[^/]+\/roles$/.test(route)) return send(response, 200, EDITOR.roles)
      if (/^projects\/[^/]+\/(features|user-applications)/.test(route) || route === 'features' || route === 'access/requests/me') return send(response, 200, [])
      if (route === 'ping') return send(response, 200, { message: 'PONG' })
      if (route === 'intake/telemetry-status') return send(response, 200, { status: 'denied' })
      if (route.startsWith('intake/')) return send(response, 200, {})

      // The client's check after an event stream failed: this origin may call, with credentials.
      if (route === 'check/cors') return send(response, 200, { result: { allowed: true, withCredentials: true } })
      if (/^data\/live\/events\/[^/]+$/.test(route)) return liveEvents(request, response, url)

      const data = /^data\/([a-z]+)\/([^/]+)(?:\/(.*))?$/.exec(route)
      if (data) {
        const [, endpoint, , rest] = data
        if (endpoint === 'doc') {
          const ids = decodeURIComponent(rest ?? '').split(',')
          const found = ids.map((id) => store.get(id))
          return send(response, 200, { documents: found.filter(Boolean), omitted: ids.filter((_, i) => !found[i]).map((id) => ({ id, reason: 'existence' })) })
        }
        if (endpoint === 'query') {
          let groq = url.searchParams.get('query') ?? ''
          const params = queryParams(url)
          if (request.method === 'POST') {
            const body = JSON.parse((await readBody(request)).toString('utf8')) as { query: string; params?: Record<string, unknown>; perspective?: string }
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
          return send(response, 200, { query: groq, ...answer, syncTags, ms: Math.round(performance.now() - started) })
        }
        if (endpoint === 'mutate') {
          const body = JSON.parse((await readBody(request)).toString('utf8')) as { mutations: Record<string, unknown>[]; transactionId?: string }
          const { transaction, results } = await store.mutate(body.mutations, body.transactionId)
          const returnDocuments = url.searchParams.get('returnDocuments') === 'true'
          return send(response, 200, {
            transactionId: transaction.id,
            results: results.map((result) => ({ ...result, ...(returnDocuments ? { document: store.get(result.id) } : {}) })),
            documentIds: results.map((result) => result.id),
          })
        }
        if (endpoint === 'actions') {
          const body = JSON.parse((await readBody(request)).toString('utf8')) as { actions: Record<string, unknown>[] | Record<string, unknown>; transactionId?: string; dryRun?: boolean }
          const actions = Array.isArray(body.actions) ? body.actions : [body.actions]
          const transaction = runActions(actions, body.transactionId)
          return send(response, 200, { transactionId: transaction.id })
        }
        if (endpoint === 'listen') return listen(request, response, url)
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
            return response.end(lines.join('\n'))
          }
          if ((rest ?? '').startsWith('events/')) return send(response, 200, { events: [], nextCursor: '' })
        }
        if (endpoint === 'references') return send(response, 200, { references: [], totalCount: 0 })
      }
      const asset = /^assets\/(images|files)\/[^/]+$/.exec(route)
      if (asset && request.method === 'POST') {
        if (asset[1] !== 'images') throw new LakeError(400, 'unsupported', 'The local Content Lake stores images only')
        return send(response, 200, { document: await uploadImage(request, url) })
      }
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
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  baseUrl = `http://localhost:${port}`
  let secure: Http2SecureServer | undefined
  let tlsUrl: string | undefined
  if (options.tlsPort !== undefined) {
    secure = createSecureServer({ ...localCertificate(), allowHTTP1: true }, handle as never)
    await new Promise<void>((resolve) => secure!.listen(options.tlsPort, options.host ?? '127.0.0.1', resolve))
    tlsUrl = `https://localhost:${(secure.address() as AddressInfo).port}`
    baseUrl = tlsUrl
  }
  return {
    url: `http://127.0.0.1:${port}`,
    tlsUrl,
    port,
    store,
    documents: store.documents,
    users,
    editorToken,
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
        secure?.close()
        server.close(() => resolve())
      }),
  }
}

/**
 * A self-signed certificate for localhost and *.localhost, made once with openssl and kept in the
 * temp folder. Browsers ask to accept it once (README); tests start Chromium ignoring the error.
 */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = path.join(tmpdir(), 'local-content-lake-tls')
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true })
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '825', '-subj', '/CN=localhost', '-keyout', key, '-out', cert,
      '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1'], { stdio: 'ignore' })
  }
  return { key: readFileSync(key), cert: readFileSync(cert) }
}
