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

interface Entry {
  value: VisitorLocation | null
  expires: number
}

/**
 * Resolves a loc_physical_ms code to a place, through any lookup, with a bounded per-code cache and
 * one shared request for concurrent first hits. Never throws: a failure is logged once and
 * means "no location".
 */
export function createLocationResolver(lookup: LocationLookup, options: ResolverOptions = {}) {
  const { ttlMs = 3_600_000, errorTtlMs = 60_000, maxEntries = 10_000, now = Date.now, log = console.warn } = options
  const cache = new Map<string, Entry>()
  const inflight = new Map<string, Promise<VisitorLocation | null>>()

  function remember(code: string, value: VisitorLocation | null, lifetime: number) {
    cache.delete(code)
    cache.set(code, { value, expires: now() + lifetime })
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string)
  }

  return async function resolve(code: string | null | undefined): Promise<VisitorLocation | null> {
    if (!isLocationCode(code)) return null
    const hit = cache.get(code)
    if (hit && hit.expires > now()) {
      cache.delete(code)
      cache.set(code, hit)
      return hit.value
    }
    const pending = inflight.get(code)
    if (pending) return pending
    const request = lookup(code)
      .then((label) => {
        const value = parseCityState(label)
        remember(code, value, ttlMs)
        return value
      })
      .catch((error: unknown) => {
        log(`[location] ${code}: ${(error as Error)?.message ?? String(error)} – showing the page without a location`)
        remember(code, null, errorTtlMs)
        return null
      })
      .finally(() => inflight.delete(code))
    inflight.set(code, request)
    return request
  }
}
