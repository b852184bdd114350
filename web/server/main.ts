// The production server: `npm start` (after `npm run build`). Next renders on a loopback port of its
// own; the public port is the front (front.ts): page cache, strict script policy, limits, pass-through.
// Options as `next start`: -p/--port (or PORT, default 3000), -H/--hostname (default 0.0.0.0).
import { readFileSync } from 'node:fs'
import http, { type OutgoingHttpHeaders } from 'node:http'
import { availableParallelism } from 'node:os'
import type { AddressInfo, Socket } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readConfig } from '../lib/config.ts'
import { commonHeaders } from '../lib/securityHeaders.ts'
import { closeSharedCache, onInvalidation, redisHealthy, sharedCacheConfigured } from './cache/sharedCache.ts'
import { configuredRecorder, recordBotExcluded } from '../lib/taps/index.ts'
import { openStore } from '../lib/db/index.ts'
import { checkSchemaAtStart } from '../lib/db/migrate.ts'
import { limitConnections, RenderAdmission } from './admission.ts'
import { clientErrorResponse, createFrontHandler, rawAnswer, type DirectAnswer, type Health } from './front.ts'
import { draftSessionCheck } from './requestTarget.ts'
import { PageCache } from './pageCache.ts'
import { FRONT_PROCESS } from './nextStartGuard.ts'
import { PageShapes } from './pageShapes.ts'
import { scriptsAfterFirstPaint } from './scriptsAfterPaint.ts'

// Next reads NODE_ENV when it loads; its types mark it read-only.
Object.assign(process.env, { NODE_ENV: 'production' })
// The front answers odd requests itself: the instrumentation hook's guard for plain `next start` stays off.
Object.assign(globalThis, { [FRONT_PROCESS]: true })
const { default: next } = await import('next')

/** How long a page copy is answered from memory before Next is asked again. */
const PAGE_CACHE_TTL_MS = 5_000
/** Bounds the copies' memory: about 200 pages of 90 KB with their gzip copies. */
const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024
/**
 * Slow clients: a request's headers must arrive within 10 s and the whole request within 30 s
 * (Node's defaults, 60 s and 300 s, let a few hundred slow clients hold the server).
 */
const HEADERS_TIMEOUT_MS = 10_000
const REQUEST_TIMEOUT_MS = 30_000
/**
 * Fresh renders of personalized variants at once (about one per core: Next renders on this process's
 * event loop and its workers), a short queue, and how long a request waits in it before it gets the
 * plain page instead (admission.ts).
 */
const RENDER_SLOTS = availableParallelism()
const RENDER_QUEUE = 4 * RENDER_SLOTS
const RENDER_WAIT_MS = 1_500
/** Readiness: Next counts as up when it answered the front this recently (busy is not down), else when it answers a probe. */
const NEXT_RECENTLY_MS = 10_000
/**
 * Open connections per client address and per network (/24, /56); a reverse proxy's own address is
 * not counted (all its clients share it). Far above a browser's handful, far below a flood's hundreds.
 */
const CONNECTIONS = { perClient: 256, perNetwork: 1024, total: Infinity }
/** On SIGTERM: in-flight requests get this long to finish. */
const DRAIN_MS = 10_000
/**
 * Next's side of the front's kept-alive connections outlives the front's use of them, so the
 * front rarely meets a socket Next is closing (the front retries once when it does).
 */
const UPSTREAM_KEEP_ALIVE_MS = 65_000

const { values: args } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  strict: false,
})
// Read here, before Next loads (its copy of web/lib/config.ts reads the environment on its own).
const config = readConfig(process.env)
const port = Number(args.port ?? config.port ?? 3000)
// Not $HOSTNAME: containers set it to the machine's name, which need not be reachable as localhost.
const hostname = typeof args.hostname === 'string' ? args.hostname : '0.0.0.0'
/** Reverse proxies (e.g. nginx) whose X-Forwarded-For is believed for the client's address. */
const trustedProxies = new Set(config.trustedProxies)
// The store of record's schema must be the one this code writes: a server behind it refuses to start.
if (config.database) {
  const store = await openStore({ postgres: config.database.url, poolMax: 1 })
  try {
    await checkSchemaAtStart(store.db)
  } catch (error) {
    console.error(`✗ ${(error as Error).message}`)
    process.exit(1)
  } finally {
    await store.close()
  }
}

function listen(server: http.Server, listenPort: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, host, () => resolve(server.address() as AddressInfo))
  })
}

// Next must know its own address: it tells its proxy's rewrites (personalized variants, the 404
// page) from external ones by comparing origins. The front always sends it that origin (edge.ts).
const nextServer = http.createServer()
nextServer.keepAliveTimeout = UPSTREAM_KEEP_ALIVE_MS
const upstream = await listen(nextServer, 0, '127.0.0.1')
const app = next({ dev: false, dir: path.resolve(import.meta.dirname, '..'), hostname: '127.0.0.1', port: upstream.port })
await app.prepare()
const handleWithNext = app.getRequestHandler()
nextServer.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
  // Next answers its own errors; this only keeps a failure outside them from ending the process.
  handleWithNext(request, response).catch((error: unknown) => {
    console.error('[next] request failed:', error)
    if (!response.headersSent) response.statusCode = 500
    response.end()
  })
})

/** Does Next answer? A cheap static route, with a short deadline. */
function nextAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port: upstream.port, method: 'HEAD', path: '/icon.svg', timeout: 2_000 }, (response) => {
      response.resume()
      resolve((response.statusCode ?? 500) < 500)
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', () => resolve(false))
    request.end()
  })
}

let draining = false
const securityHeaders: OutgoingHttpHeaders = Object.fromEntries(commonHeaders({ production: true }).map(({ key, value }) => [key.toLowerCase(), value]))
const cache = new PageCache({ maxBytes: PAGE_CACHE_MAX_BYTES, ttlMs: PAGE_CACHE_TTL_MS })
// Which pages run a test or read ad inputs, from the content through the module the request hook's list
// runs (imported here: content modules load after NODE_ENV is set); read before the server listens.
const { personalizedRoutesFrom, nextTestChange, readShapeContent } = await import('../content/pageShapes.ts')
const shapes = new PageShapes(
  async () => {
    const content = await readShapeContent(config)
    const now = Date.now()
    return { routes: personalizedRoutesFrom(content, now), nextChange: nextTestChange(content.pages, now) }
  },
  { refreshMs: config.contentRefreshSeconds * 1000 },
)
await shapes.start()
// A publish received by any instance (a tag invalidation over Redis, or this one's webhook)
// empties this instance's page copies too, and its list of pages is read again.
onInvalidation(() => {
  cache.clear()
  void shapes.forget()
})
/** Draft sessions exactly as Next accepts them: this build's preview id. */
function buildPreviewModeId(): string {
  try {
    const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', config.distDir, 'prerender-manifest.json'), 'utf8')) as { preview?: { previewModeId?: string } }
    return manifest.preview?.previewModeId ?? ''
  } catch {
    return ''
  }
}
/**
 * Twilio's voice webhooks answered by the front itself (web/lib/calls/webhooks/voice.ts): the TwiML a caller waits
 * for takes no trip through Next. Loaded on first use, after NODE_ENV is set (content modules).
 */
async function voiceAnswer(kind: 'incoming' | 'status' | 'whisper' | 'sms', request: Parameters<DirectAnswer>[0]) {
  const [{ voiceDeps }, { handleIncoming, handleStatus }, { handleWhisper, handleSmsIncoming }] = await Promise.all([
    import('../content/voiceRuntime.ts'),
    import('../lib/calls/webhooks/voice.ts'),
    import('../lib/calls/webhooks/provider.ts'),
  ])
  const signature = request.headers['x-twilio-signature']
  const input = { pathAndQuery: request.pathAndQuery, signature: typeof signature === 'string' ? signature : null, body: request.body.toString('utf8') }
  return { incoming: handleIncoming, status: handleStatus, whisper: handleWhisper, sms: handleSmsIncoming }[kind](input, voiceDeps())
}
const voiceAnswers: Record<string, DirectAnswer> = {
  '/api/voice/incoming': (request) => voiceAnswer('incoming', request),
  '/api/voice/status': (request) => voiceAnswer('status', request),
  '/api/voice/whisper': (request) => voiceAnswer('whisper', request),
  '/api/sms/incoming': (request) => voiceAnswer('sms', request),
}
const front = http.createServer(
  // No Host on HTTP/1.1 is answered by the front (400 with the security headers), not by Node bare.
  // Timeouts are checked every second, so the 30 s whole-request limit holds within a second.
  { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, requireHostHeader: false, connectionsCheckingInterval: 1_000 },
  createFrontHandler({
    upstream: { host: '127.0.0.1', port: upstream.port },
    cache,
    shapes,
    transformHtml: scriptsAfterFirstPaint,
    securityHeaders,
    trustedProxies,
    isDraining: () => draining,
    onBotExcluded: recordBotExcluded,
    // The local Content Lake is a development tool: with no Sanity project, /studio is the not-found page.
    studio: config.sanity !== null,
    renders: new RenderAdmission({ slots: RENDER_SLOTS, queue: RENDER_QUEUE, waitMs: RENDER_WAIT_MS }),
    isDraftSession: draftSessionCheck(buildPreviewModeId()),
    answers: voiceAnswers,
    health: async ({ nextAnsweredAt }): Promise<Health> => {
      if (draining) return { ok: false, body: { status: 'draining' } }
      const [next, redis] = await Promise.all([Date.now() - nextAnsweredAt < NEXT_RECENTLY_MS || nextAnswers(), redisHealthy()])
      const ok = next && redis
      return {
        ok,
        body: { status: ok ? 'ok' : 'unavailable', next: next ? 'ok' : 'down', ...(sharedCacheConfigured() ? { redis: redis ? 'ok' : 'down' } : {}) },
      }
    },
  }),
)
// Requests Node cannot parse get the same security headers as every other answer.
front.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
  socket.end(clientErrorResponse(error, securityHeaders))
})
limitConnections(front, {
  ...CONNECTIONS,
  exempt: (address) => trustedProxies.has(address),
  refusal: rawAnswer(429, 'Too Many Connections', securityHeaders, { 'retry-after': '5' }),
})
// The store of record is opened, migrated and answering before the first request: the first call after a
// start is checked against its provider's caps like any other.
await (await import('../content/voiceRuntime.ts')).warmVoiceStore()
await listen(front, port, hostname)
// Numbers an earlier run accepted while the store was unreachable are written as soon as it answers.
configuredRecorder()
console.log(`▲ Serving on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`)
// The launch check's warnings (npm run check:launch), after listening and not awaited: it reads content
// and probes Supabase, and must never delay or stop the start. Imported here, not above: its content
// modules must load after NODE_ENV is set.
void import('./launchWarnings.ts')
  .then(({ warnAboutLaunch }) => warnAboutLaunch())
  .catch((error: unknown) => console.warn(`[launch check] could not run: ${(error as Error).message}`))

/**
 * Graceful stop: no new connections, /healthz says "draining", idle kept-alive connections close,
 * in-flight requests get DRAIN_MS to finish (their answers close the connection), then the rest
 * is cut.
 */
async function stop(signal: string) {
  if (draining) return
  draining = true
  console.log(`[server] ${signal}: finishing in-flight requests`)
  const closed = new Promise<void>((resolve) => front.close(() => resolve()))
  front.closeIdleConnections()
  const deadline = setTimeout(() => front.closeAllConnections(), DRAIN_MS)
  await closed
  clearTimeout(deadline)
  shapes.stop()
  nextServer.closeAllConnections()
  nextServer.close()
  await Promise.allSettled([app.close(), closeSharedCache()])
  process.exit(0)
}
process.once('SIGTERM', () => void stop('SIGTERM'))
process.once('SIGINT', () => void stop('SIGINT'))
