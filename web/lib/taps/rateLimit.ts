import { LRUCache } from 'lru-cache'
import { networkOf } from '../net/network.ts'

/**
 * Fixed-window budgets at three levels: each client address, each network it belongs to (IPv4 /24,
 * IPv6 /56: web/lib/net/network.ts) and, only as a last guard sized well above real traffic, the whole
 * process. A real visitor taps a call button a few times at most; a flood from a few dozen addresses
 * uses up its own network's budget, never everyone's, so a visitor on another network still gets through.
 * Refusals are counted per level and logged once a minute (one line, no addresses).
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

type Window = { count: number; start: number }
export type Refusals = { address: number; network: number; total: number }

export const REFUSAL_LOG_MS = 60_000

export function budgetLimiter({ name, perAddress, perNetwork, total, windowMs, now = Date.now, log = console.warn }: Budgets): RateLimiter & { refusals(): Refusals } {
  const addresses = new LRUCache<string, Window>({ max: 50_000 })
  const networks = new LRUCache<string, Window>({ max: 20_000 })
  let overall: Window = { count: 0, start: now() }
  const refused: Refusals = { address: 0, network: 0, total: 0 }
  let unlogged: Refusals = { address: 0, network: 0, total: 0 }
  let timer: NodeJS.Timeout | undefined

  function windowOf(map: LRUCache<string, Window>, key: string, time: number): Window {
    let entry = map.get(key)
    if (!entry || time - entry.start >= windowMs) {
      entry = { count: 0, start: time }
      map.set(key, entry)
    }
    return entry
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
      if (time - overall.start >= windowMs) overall = { count: 0, start: time }
      const address = windowOf(addresses, client, time)
      const network = windowOf(networks, networkOf(client), time)
      if (address.count >= perAddress) return refuse('address')
      if (network.count >= perNetwork) return refuse('network')
      if (overall.count >= total) return refuse('total')
      address.count++
      network.count++
      overall.count++
      return true
    },
    refusals: () => ({ ...refused }),
  }
}
