import { LRUCache } from 'lru-cache'
import { networkOf } from '../net/network.ts'

/**
 * Budgets per client address, per network it belongs to (IPv4 /24, IPv6 /56: web/lib/net/network.ts) and,
 * as a last guard sized well above real traffic, for the whole process — each a sliding window (the count of
 * the current window plus the previous window's, weighted by how much of it still overlaps), so twice a
 * budget never passes across a window's boundary. Only what is allowed costs: a refused request takes nothing.
 * The whole-process budget cannot be used up by networks over their share: once it is spent, a network that
 * has used less than its fair share (the total divided among the networks active in the window) still gets
 * through, so a flood from a hundred networks never silences a visitor on another one.
 * Refusals are counted per level and logged once a minute (one line, no addresses).
 * Hand-written: the fair share of the total is what no limiter library offers (rate-limiter-flexible, the
 * maintained one, keeps fixed windows in memory and is not installed here).
 */
export interface RateLimiter {
  allow(client: string): boolean
}

export interface Budgets {
  /** What the log line names ("taps", "report checks"). */
  name: string
  perAddress: number
  perNetwork: number
  total: number
  windowMs: number
  now?: () => number
  /** Where the once-a-minute refusal line goes (console.warn by default). */
  log?: (line: string) => void
}

type Window = { start: number; current: number; previous: number }
export type Refusals = { address: number; network: number; total: number }

export const REFUSAL_LOG_MS = 60_000

/** A sliding-window counter: the current window's count plus the overlapping part of the previous one. */
function slide(window: Window, time: number, windowMs: number): void {
  const elapsed = time - window.start
  if (elapsed < windowMs) return
  const windows = Math.floor(elapsed / windowMs)
  window.previous = windows === 1 ? window.current : 0
  window.current = 0
  window.start += windows * windowMs
}

function estimate(window: Window, time: number, windowMs: number): number {
  slide(window, time, windowMs)
  return window.current + window.previous * (1 - (time - window.start) / windowMs)
}

export function budgetLimiter({ name, perAddress, perNetwork, total, windowMs, now = Date.now, log = console.warn }: Budgets): RateLimiter & { refusals(): Refusals } {
  const addresses = new LRUCache<string, Window>({ max: 50_000 })
  const networks = new LRUCache<string, Window>({ max: 20_000 })
  const overall: Window = { start: now(), current: 0, previous: 0 }
  const refused: Refusals = { address: 0, network: 0, total: 0 }
  let unlogged: Refusals = { address: 0, network: 0, total: 0 }
  let timer: NodeJS.Timeout | undefined
  let activeNetworks = { count: 1, at: -Infinity }

  function windowOf(map: LRUCache<string, Window>, key: string, time: number): Window {
    let entry = map.get(key)
    if (!entry) {
      entry = { start: time, current: 0, previous: 0 }
      map.set(key, entry)
    }
    return entry
  }

  /** Networks with any use in the window, recounted at most ten times a window. */
  function networksActive(time: number): number {
    if (time - activeNetworks.at < windowMs / 10) return activeNetworks.count
    let count = 0
    for (const window of networks.values()) if (estimate(window, time, windowMs) > 0) count++
    activeNetworks = { count: Math.max(1, count), at: time }
    return activeNetworks.count
  }

  function refuse(level: keyof Refusals): false {
    refused[level]++
    unlogged[level]++
    timer ??= setTimeout(() => {
      timer = undefined
      const { address, network, total: all } = unlogged
      unlogged = { address: 0, network: 0, total: 0 }
      log(`[limits] ${name}: refused ${address + network + all} in the last minute (per address ${address}, per network ${network}, overall ${all})`)
    }, REFUSAL_LOG_MS)
    timer.unref?.()
    return false
  }

  return {
    allow(client) {
      const time = now()
      const address = windowOf(addresses, client, time)
      const network = windowOf(networks, networkOf(client), time)
      if (estimate(address, time, windowMs) >= perAddress) return refuse('address')
      const used = estimate(network, time, windowMs)
      if (used >= perNetwork) return refuse('network')
      if (estimate(overall, time, windowMs) >= total && used >= total / networksActive(time)) return refuse('total')
      address.current++
      network.current++
      overall.current++
      return true
    },
    refusals: () => ({ ...refused }),
  }
}
