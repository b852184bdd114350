// The production server: `npm start` (after `npm run build`). Next renders on a loopback port of its
// own; the public port is the front (front.ts): page cache, strict script policy, pass-through.
// Options as `next start`: -p/--port (or PORT, default 3000), -H/--hostname (default 0.0.0.0).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { closeSharedCache, onInvalidation } from './cache/sharedCache.ts'
import { createFrontHandler } from './front.ts'
import { PageCache } from './pageCache.ts'
import { scriptsAfterFirstPaint } from './scriptsAfterPaint.ts'

// Next reads NODE_ENV when it loads; its types mark it read-only.
Object.assign(process.env, { NODE_ENV: 'production' })
const { default: next } = await import('next')

/** How long a page copy is answered from memory before Next is asked again. */
const PAGE_CACHE_TTL_MS = 5_000
/** Bounds the copies' memory: about 200 pages of 90 KB with their gzip copies. */
const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024

function option(long: string, short: string): string | undefined {
  const args = process.argv.slice(2)
  const index = args.findIndex((arg) => arg === long || arg === short)
  return index === -1 ? undefined : args[index + 1]
}

const port = Number(option('--port', '-p') ?? process.env.PORT ?? 3000)
// Not $HOSTNAME: containers set it to the machine's name, which need not be reachable as localhost.
const hostname = option('--hostname', '-H') ?? '0.0.0.0'

function listen(server: http.Server, listenPort: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, host, () => resolve(server.address() as AddressInfo))
  })
}

// Next must know its own address: it tells its proxy's rewrites (personalized variants, the 404
// page) from external ones by comparing origins.
const nextServer = http.createServer()
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

const cache = new PageCache({ maxBytes: PAGE_CACHE_MAX_BYTES, ttlMs: PAGE_CACHE_TTL_MS })
// A publish received by any instance (a tag invalidation over Redis, or this one's webhook)
// empties this instance's page copies too.
onInvalidation(() => cache.clear())
const front = http.createServer(createFrontHandler({ upstream: { host: '127.0.0.1', port: upstream.port }, cache, transformHtml: scriptsAfterFirstPaint }))
await listen(front, port, hostname)
console.log(`▲ Serving on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`)

function stop() {
  front.close()
  nextServer.close()
  front.closeAllConnections()
  nextServer.closeAllConnections()
  void Promise.allSettled([app.close(), closeSharedCache()]).finally(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
