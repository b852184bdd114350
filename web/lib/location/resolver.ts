import { LRUCache } from 'lru-cache'
import type { VisitorLocation } from './parse'
import { isLocationCode, parseCityState } from './parse'

export type LocationLookup = (code: string) => Promise<string | null>

export interface ResolverOptions {
  /** How long a found or missing row is trusted: the backend sees at most one call per code per window. */
  ttlMs?: number
  /** How long a failure is remembered, so a struggling backend is not hammered. */
  errorTtlMs?: number
  /** Most codes kept; the least recently used are dropped first. */
  maxEntries?: number
  now?: () => number
  log?: (message: string) => void
}

/**
 * Resolves a loc_physical_ms code to a place, through any lookup, with a bounded per-code cache and
 * one shared request for concurrent first hits (lru-cache's fetch). Never throws: a failure is
 * logged once and means "no location".
 */
export function createLocationResolver(lookup: LocationLookup, options: ResolverOptions = {}) {
  const { ttlMs = 3_600_000, errorTtlMs = 60_000, maxEntries = 10_000, now = Date.now, log = console.warn } = options
  const cache = new LRUCache<string, { value: VisitorLocation | null }>({
    max: maxEntries,
    ttl: ttlMs,
    // lru-cache reads a start time of 0 as "no expiry"; an injected clock (tests) may start at 0.
    perf: { now: () => now() + 1 },
    ttlResolution: 0,
    fetchMethod: async (code, _stale, { options: entry }) => {
      try {
        return { value: parseCityState(await lookup(code)) }
      } catch (error) {
        log(`[location] ${code}: ${(error as Error)?.message ?? String(error)} – showing the page without a location`)
        entry.ttl = errorTtlMs
        return { value: null }
      }
    },
  })

  return async function resolve(code: string | null | undefined): Promise<VisitorLocation | null> {
    if (!isLocationCode(code)) return null
    return (await cache.fetch(code))?.value ?? null
  }
}
