import { createRequire } from 'node:module'
import { createClient, type RedisClientType } from 'redis'
import { readConfig } from '../../lib/config.ts'

/**
 * The process's one link to the shared cache server (Redis or Valkey), used by the cache handler
 * Next loads (cacheHandler.ts) and by the front (main.ts), which live in the same process but may
 * load this module separately: the state is kept once per process on globalThis.
 *
 * - Entries: `<prefix><build id>:<cache key>` strings with a TTL (so `maxmemory-policy volatile-lru`
 *   may evict them), tag invalidations: the hash `<prefix>tags` (no TTL, never evicted) plus a
 *   message on the channel `<prefix>invalidate` that every instance applies at once.
 * - Redis down: commands fail within COMMAND_TIMEOUT_MS (no offline queue), callers fall back to
 *   what the instance has, one log line a minute, and the client reconnects on its own.
 */
export interface TagInvalidation {
  tags: string[]
  /**
   * As Next's revalidateTag: with durations (a cache profile such as 'max') the entries go stale now
   * (served once more while re-rendered) and expire after `expire` seconds; without, they expire now.
   */
  durations?: { expire?: number }
  at: number
}

type Listener = (invalidation: TagInvalidation) => void
interface TagManifestEntry {
  stale?: number
  expired?: number
}

const COMMAND_TIMEOUT_MS = 400
const CONNECT_TIMEOUT_MS = 1_000
const LOG_INTERVAL_MS = 60_000
const STATE = Symbol.for('pest-site.sharedCache')

interface State {
  url: string | undefined
  prefix: string
  commands: RedisClientType | null
  subscriber: RedisClientType | null
  listeners: Set<Listener>
  lastLogAt: number
  connected: boolean
}

// Next keeps the tag manifest (which tags went stale or expired when) in this module, outside its
// bundles; its incremental cache reads it for every entry, whatever the handler.
const require = createRequire(import.meta.url)
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as { tagsManifest: Map<string, TagManifestEntry> }

function state(): State {
  const global = globalThis as unknown as Record<symbol, State | undefined>
  const { cache } = readConfig(process.env)
  return (global[STATE] ??= {
    url: cache.redisUrl,
    prefix: cache.keyPrefix,
    commands: null,
    subscriber: null,
    listeners: new Set(),
    lastLogAt: 0,
    connected: false,
  })
}

export function sharedCacheConfigured(): boolean {
  // NEXT_PHASE is Next's own marker of the build, not the site's configuration.
  return state().url !== undefined && process.env.NEXT_PHASE !== 'phase-production-build'
}

export function keyPrefix(): string {
  return state().prefix
}

/** At most one line a minute while Redis is failing, and one when it is back. */
export function logRedisProblem(what: string, error: unknown) {
  const current = state()
  current.connected = false
  const now = Date.now()
  if (now - current.lastLogAt < LOG_INTERVAL_MS) return
  current.lastLogAt = now
  console.error(`[cache] Redis unavailable (${what}: ${error instanceof Error ? error.message : String(error)}); serving from this instance until it is back`)
}

function newClient(url: string): RedisClientType {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: 1_000,
    pingInterval: 5_000,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Keep trying, at most every 2 s: the instance recovers by itself when Redis returns.
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
    },
  }) as RedisClientType
  client.on('error', (error: unknown) => logRedisProblem('connection', error))
  return client
}

/** The command connection, or null without REDIS_URL. Never waits for Redis. */
export function redis(): RedisClientType | null {
  const current = state()
  if (!sharedCacheConfigured() || !current.url) return null
  if (!current.commands) {
    const client = newClient(current.url)
    client.on('ready', () => {
      if (!current.connected && current.lastLogAt > 0) console.log('[cache] Redis is back')
      current.connected = true
      void loadTagManifest(client)
    })
    client.connect().catch((error: unknown) => logRedisProblem('connect', error))
    current.commands = client
    subscribe(current)
  }
  return current.commands
}

function subscribe(current: State) {
  if (!current.url || current.subscriber) return
  const subscriber = newClient(current.url)
  current.subscriber = subscriber
  subscriber
    .connect()
    .then(() =>
      subscriber.subscribe(`${current.prefix}invalidate`, (message: string) => {
        try {
          applyInvalidation(JSON.parse(message) as TagInvalidation)
        } catch (error) {
          console.error('[cache] unreadable invalidation message', error)
        }
      }),
    )
    .catch((error: unknown) => logRedisProblem('subscribe', error))
}

/** Runs a command with a short deadline; rejects when Redis is down or slow. */
export async function withTimeout<T>(run: (client: RedisClientType) => Promise<T>): Promise<T> {
  const client = redis()
  if (!client) throw new Error('REDIS_URL is not set')
  if (!client.isReady) throw new Error('not connected')
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      run(client),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${COMMAND_TIMEOUT_MS} ms`)), COMMAND_TIMEOUT_MS)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Marks tags in this process's manifest, as Next's own file-system cache does. */
export function applyInvalidation(invalidation: TagInvalidation) {
  const { tags, durations, at } = invalidation
  for (const tag of tags) {
    const existing = tagsManifest.get(tag) ?? {}
    if (!durations) tagsManifest.set(tag, { ...existing, expired: at })
    else if (durations.expire === undefined) tagsManifest.set(tag, { ...existing, stale: at })
    else tagsManifest.set(tag, { ...existing, stale: at, expired: at + durations.expire * 1000 })
  }
  for (const listener of state().listeners) listener(invalidation)
}

async function loadTagManifest(client: RedisClientType) {
  try {
    const stored = await client.hGetAll(`${state().prefix}tags`)
    for (const [tag, json] of Object.entries(stored)) {
      const entry = JSON.parse(json) as TagManifestEntry
      const existing = tagsManifest.get(tag) ?? {}
      tagsManifest.set(tag, {
        stale: Math.max(existing.stale ?? 0, entry.stale ?? 0) || undefined,
        expired: Math.max(existing.expired ?? 0, entry.expired ?? 0) || undefined,
      })
    }
  } catch (error) {
    logRedisProblem('tags', error)
  }
}

/**
 * Records an invalidation for every instance: applied here at once, stored, and published. When
 * Redis is down it still applies here (the caller's own instance is right), and is logged.
 */
export async function publishInvalidation(invalidation: TagInvalidation) {
  applyInvalidation(invalidation)
  if (!redis()) return
  try {
    const prefix = state().prefix
    await withTimeout(async (client) => {
      const fields: Record<string, string> = {}
      for (const tag of invalidation.tags) fields[tag] = JSON.stringify(tagsManifest.get(tag) ?? {})
      await client.hSet(`${prefix}tags`, fields)
      await client.publish(`${prefix}invalidate`, JSON.stringify(invalidation))
    })
  } catch (error) {
    logRedisProblem('publish', error)
  }
}

/** Called for every tag invalidation, from this instance or another (e.g. to empty the page cache). */
export function onInvalidation(listener: Listener): () => void {
  const current = state()
  current.listeners.add(listener)
  redis()
  return () => current.listeners.delete(listener)
}

/** For GET /healthz: true without REDIS_URL; else whether Redis answers a PING within 400 ms. */
export async function redisHealthy(): Promise<boolean> {
  if (!sharedCacheConfigured()) return true
  try {
    return (await withTimeout((client) => client.ping())) === 'PONG'
  } catch {
    return false
  }
}

/** Closes the connections (graceful shutdown). */
export async function closeSharedCache() {
  const current = state()
  const clients = [current.commands, current.subscriber].filter((client): client is RedisClientType => client !== null)
  current.commands = null
  current.subscriber = null
  await Promise.allSettled(clients.map((client) => client.close()))
}
