import { LRUCache } from 'lru-cache'

/**
 * Fixed-window counters: at most `perClient` taps per client address and `total` taps overall per
 * window. A real visitor taps a call button a few times at most; a flood is cut at both levels, so it
 * can neither fill the log nor cost the pages anything.
 */
export interface RateLimiter {
  allow(client: string): boolean
}

export function fixedWindowLimiter({ perClient, total, windowMs, now = Date.now }: { perClient: number; total: number; windowMs: number; now?: () => number }): RateLimiter {
  const clients = new LRUCache<string, { count: number; start: number }>({ max: 50_000 })
  let overall = { count: 0, start: now() }
  return {
    allow(client) {
      const time = now()
      if (time - overall.start >= windowMs) overall = { count: 0, start: time }
      let entry = clients.get(client)
      if (!entry || time - entry.start >= windowMs) {
        entry = { count: 0, start: time }
        clients.set(client, entry)
      }
      if (entry.count >= perClient || overall.count >= total) return false
      entry.count++
      overall.count++
      return true
    },
  }
}
