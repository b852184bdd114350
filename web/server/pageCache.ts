import type { OutgoingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { RouteShape } from '../lib/personalization/header.ts'
import { FIELD_NAMES, readInputs, routeInputKey, type RequestExtras } from '../lib/personalization/variant.ts'

const EVERY_INPUT = { fields: FIELD_NAMES.filter((name) => name !== 'arm') }

/**
 * A short-lived in-memory copy of the pages Next serves from its ISR cache, in front of Next
 * (a "micro-cache", as a CDN or nginx would keep). One Node process answering a copy from memory
 * serves many times the requests Next's full request pipeline can, which is what an ad burst
 * needs. Freshness stays Next's: only responses Next marks as fresh cache hits are copied, each
 * for at most a few seconds, and a publish (a successful /api/revalidate) empties it at once.
 */
export interface CachedPage {
  status: number
  /** Final headers (strict CSP applied), without Content-Length or Content-Encoding. */
  headers: OutgoingHttpHeaders
  body: Buffer
  /** Kept copies have both; a page sent once and not kept only what its client takes (else null). */
  gzipped: Buffer | null
  brotli: Buffer | null
}

interface Entry {
  page: CachedPage
  storedAt: number
  /** A request is fetching a fresh copy: meanwhile the others get this one. */
  refreshing: boolean
}

export type Lookup = { page: CachedPage; state: 'fresh' | 'stale-refreshing' } | { page: CachedPage; state: 'stale' } | undefined

/**
 * lru-cache keeps the entries in recency order within the byte budget. Freshness is kept here, not
 * with lru-cache's ttl: a stale copy is handed to exactly one caller to refresh (the front streams
 * that request itself), and the rest keep getting the stale copy until it arrives.
 */
export class PageCache {
  readonly maxBytes: number
  readonly ttlMs: number
  readonly now: () => number
  #entries: LRUCache<string, Entry>
  #generation = 0
  constructor({ maxBytes, ttlMs, now = Date.now }: { maxBytes: number; ttlMs: number; now?: () => number }) {
    this.maxBytes = maxBytes
    this.ttlMs = ttlMs
    this.now = now
    this.#entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry, key) => entrySize(key, entry.page) })
  }

  get size(): number {
    return this.#entries.size
  }

  get bytes(): number {
    return this.#entries.calculatedSize
  }

  /** Changes on every clear(): a copy fetched across a publish must not be stored. */
  get generation(): number {
    return this.#generation
  }

  /**
   * A stale entry is handed to one caller as 'stale' (it fetches the fresh copy and stores it);
   * callers after it get the stale copy as 'stale-refreshing' until that copy arrives.
   */
  lookup(key: string): Lookup {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.now() - entry.storedAt < this.ttlMs) return { page: entry.page, state: 'fresh' }
    if (entry.refreshing) return { page: entry.page, state: 'stale-refreshing' }
    entry.refreshing = true
    return { page: entry.page, state: 'stale' }
  }

  /** A page larger than the whole budget is not stored (and any older copy is dropped). */
  set(key: string, page: CachedPage): void {
    this.#entries.delete(key)
    this.#entries.set(key, { page, storedAt: this.now(), refreshing: false })
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
    this.#generation++
  }
}

function entrySize(key: string, page: CachedPage): number {
  return key.length * 2 + page.body.length + (page.gzipped?.length ?? 0) + (page.brotli?.length ?? 0) + 1024
}

/**
 * Which paths are personalized, and by which inputs: content, read by the front through the same module
 * the request hook uses (web/content/pageShapes.ts, kept by ./pageShapes.ts). undefined: not known yet.
 */
export interface RouteLookup {
  get(path: string): RouteShape | null | undefined
}

/**
 * The cache key of a page request: the path, plus, on personalized pages, exactly the normalized
 * inputs that shape the variant. Cached pages cannot read the query string, so gclid, utm_* and the
 * like never split an entry, and two spellings of one keyword share it. While the content is not
 * known, the key holds every input: never wrong, only less shared.
 */
export function pageCacheKey(url: URL, paths: RouteLookup, extras: RequestExtras = {}): string {
  const route = paths.get(url.pathname)
  if ((url.searchParams.size === 0 && !extras.arm && !extras.trackingSource) || route === null) return url.pathname
  const inputs = routeInputKey(route ?? EVERY_INPUT, readInputs(url.searchParams, extras))
  return inputs ? `${url.pathname}?${inputs}` : url.pathname
}
