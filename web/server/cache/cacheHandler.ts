import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { LRUCache } from 'lru-cache'
import type { CacheHandler, CacheHandlerContext, CacheHandlerValue } from 'next/dist/server/lib/incremental-cache'
import { readConfig } from '../../lib/config.ts'
import { contentSourceId } from '../../lib/sanity/contentSource.ts'
import { decodeEntry, encodeEntry, entrySize } from './entryCodec.ts'
import { keyPrefix, logRedisProblem, publishInvalidation, redis, withTimeout } from './sharedCache.ts'

/**
 * Next's ISR and data cache (next.config.ts `cacheHandler`). Written here rather than taken from a
 * package: the maintained handlers (@fortedigital/nextjs-cache-handler, @neshca/cache-handler) do
 * not read the build's prerendered pages in Next 16.4's scoped route-cache layout, and none keeps
 * a byte bound on the local cache — both of which this needs, in about 150 lines.
 *
 * - Without REDIS_URL: entries live in memory, least recently used out beyond SITE_CACHE_MAX_MB
 *   (default 64 MB); nothing is written to disk, so keywords and 404s cannot fill it.
 * - With REDIS_URL: entries are shared by every instance (a page one instance rendered is a HIT on
 *   the others), with a TTL so Redis' `volatile-lru` can evict them; the local cache keeps what this
 *   instance saw, for when Redis is unreachable. Tag invalidations reach every instance (sharedCache.ts).
 * - Either way, pages prerendered by `next build` are read from the build folder (never written), but only
 *   when this server reads the content the build read (lib/sanity/contentSource.ts): the build records
 *   its content source beside BUILD_ID, so one build serves a Content Lake, a dataset copy or the bundled
 *   dataset, each page rendered from what the server reads.
 */
type Get = CacheHandler['get']
type Set = CacheHandler['set']

const require = createRequire(import.meta.url)
const FileSystemCache = (require('next/dist/server/lib/incremental-cache/file-system-cache.js') as { default: new (ctx: CacheHandlerContext) => CacheHandler }).default

const MB = 1024 * 1024
const DEFAULT_MAX_MB = 64
const DEFAULT_TTL_SECONDS = 14 * 24 * 3600


/** Read once, on the first shared write. */
let redisTtlSeconds: number | undefined

const LOCAL_KEY = Symbol.for('pest-site.localCache')
/** One local cache per process: Next makes a handler per request. */
function localCache(): LRUCache<string, string> {
  const global = globalThis as unknown as Record<symbol, LRUCache<string, string> | undefined>
  return (global[LOCAL_KEY] ??= new LRUCache<string, string>({
    maxSize: (readConfig(process.env).cache.maxMb ?? DEFAULT_MAX_MB) * MB,
    sizeCalculation: (value, key) => entrySize(value) + key.length,
  }))
}

export default class SiteCacheHandler {
  private readonly build: CacheHandler | null
  private readonly buildId: string

  constructor(context: CacheHandlerContext) {
    const { contentId, readsBuildContent } = buildContent(context.serverDistDir)
    this.build = context.fs && context.serverDistDir && readsBuildContent ? new FileSystemCache({ ...context, flushToDisk: false, maxMemoryCacheSize: 0 }) : null
    this.buildId = readBuildId(context.serverDistDir)
    this.contentId = contentId
  }

  private readonly contentId: string

  private redisKey(key: string): string {
    // Instances of one build that read different content never share a page.
    return `${keyPrefix()}${this.buildId}:${this.contentId}:${key}`
  }

  async get(...[key, context]: Parameters<Get>): Promise<CacheHandlerValue | null> {
    const local = localCache()
    let encoded: string | undefined
    let redisAnswered = false
    if (redis()) {
      try {
        encoded = (await withTimeout((client) => client.get(this.redisKey(key)))) ?? undefined
        redisAnswered = true
        if (encoded !== undefined) local.set(key, encoded)
      } catch (error) {
        logRedisProblem('get', error)
      }
    }
    if (!redisAnswered) encoded = local.get(key)
    if (encoded !== undefined) return decodeEntry<CacheHandlerValue>(encoded)
    // A page from `next build` (not a data-cache entry): read from the build folder.
    if (context.kind === 'FETCH' || !this.build) return null
    return this.build.get(key, context)
  }

  async set(...[key, data, context]: Parameters<Set>): Promise<void> {
    const cacheControl = 'fetchCache' in context && context.fetchCache ? undefined : (context as { cacheControl?: CacheHandlerValue['cacheControl'] }).cacheControl
    const tags = 'tags' in context && Array.isArray(context.tags) ? context.tags : undefined
    const value = data && data.kind === 'FETCH' && tags ? { ...data, tags } : data
    const encoded = encodeEntry({ lastModified: Date.now(), value, cacheControl } satisfies CacheHandlerValue)
    localCache().set(key, encoded)
    if (!redis()) return
    try {
      const ttl = (redisTtlSeconds ??= readConfig(process.env).cache.ttlSeconds ?? DEFAULT_TTL_SECONDS)
      await withTimeout((client) => client.set(this.redisKey(key), encoded, { expiration: { type: 'EX', value: Math.round(ttl) } }))
    } catch (error) {
      logRedisProblem('set', error)
    }
  }

  async revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : tags
    if (list.length === 0) return
    await publishInvalidation({ tags: list, durations, at: Date.now() })
  }

  resetRequestCache() {}
}

const CONTENT_SOURCE_FILE = 'content-source'
const CONTENT_KEY = Symbol.for('pest-site.buildContent')

/**
 * During `next build`: records which content the prerendered pages are made from. Serving: whether this
 * server reads that same content (worked out once per process; Next makes a handler per request).
 */
function buildContent(serverDistDir: string | undefined): { contentId: string; readsBuildContent: boolean } {
  const global = globalThis as unknown as Record<symbol, { contentId: string; readsBuildContent: boolean } | undefined>
  const known = global[CONTENT_KEY]
  if (known) return known
  const contentId = contentSourceId(readConfig(process.env))
  const file = serverDistDir ? path.join(serverDistDir, '..', CONTENT_SOURCE_FILE) : undefined
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    if (file) writeFileSync(file, `${contentId}\n`)
    return (global[CONTENT_KEY] = { contentId, readsBuildContent: false })
  }
  let built: string | undefined
  try {
    built = file ? readFileSync(file, 'utf8').trim() : undefined
  } catch {
    // A build from before this file existed: its pages are from the environment it was built in.
    built = contentId
  }
  return (global[CONTENT_KEY] = { contentId, readsBuildContent: built === contentId })
}

function readBuildId(serverDistDir: string | undefined): string {
  if (!serverDistDir) return 'dev'
  try {
    return readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'dev'
  }
}
