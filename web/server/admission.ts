import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { UploadGate, type SlotBudgets } from './limits.ts'

/**
 * Admission control for fresh renders. A page variant the front has no copy of (a new keyword, a new
 * location) costs Next a render: CPU on the event loop the front shares with it. Unbounded, a flood of
 * fresh keywords queues hundreds of renders, and every answer of the process — cached pages, assets,
 * health checks — waits behind them. So at most `slots` renders run at once (about the core count),
 * at most `queue` more wait, each for at most `waitMs`; any request beyond that is answered at once
 * with the plain cached page instead (the page without personalization: still the right page, never an
 * error). How many were is counted and logged once a minute, one line.
 */
export interface RenderAdmissionOptions {
  slots: number
  queue: number
  waitMs: number
  /** Where the once-a-minute line goes (console.warn by default). */
  log?: (line: string) => void
}

export const ADMISSION_LOG_MS = 60_000

export class RenderAdmission {
  readonly slots: number
  readonly queueLength: number
  readonly waitMs: number
  #active = 0
  #waiting: { admit: (release: (() => void) | null) => void; timer: NodeJS.Timeout }[] = []
  #turnedAway = 0
  #unlogged = 0
  #logTimer: NodeJS.Timeout | undefined
  #log: (line: string) => void

  constructor({ slots, queue, waitMs, log = console.warn }: RenderAdmissionOptions) {
    this.slots = Math.max(1, slots)
    this.queueLength = Math.max(0, queue)
    this.waitMs = waitMs
    this.#log = log
  }

  get active(): number {
    return this.#active
  }

  get queued(): number {
    return this.#waiting.length
  }

  /** Requests that got the plain page instead of their render, since the start. */
  get turnedAway(): number {
    return this.#turnedAway
  }

  /**
   * Resolves to a release function once a render may start (call it when the answer is done), or to
   * null at once when the queue is full, or after waitMs in the queue: then serve the plain page.
   */
  enter(): Promise<(() => void) | null> {
    if (this.#active < this.slots) return Promise.resolve(this.#take())
    if (this.#waiting.length >= this.queueLength) return Promise.resolve(this.#refuse())
    return new Promise((resolve) => {
      const waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1)
          resolve(this.#refuse())
        }, this.waitMs),
      }
      this.#waiting.push(waiter)
    })
  }

  #take(): () => void {
    this.#active++
    let released = false
    return () => {
      if (released) return
      released = true
      this.#active--
      const next = this.#waiting.shift()
      if (next) {
        clearTimeout(next.timer)
        next.admit(this.#take())
      }
    }
  }

  #refuse(): null {
    this.#turnedAway++
    this.#unlogged++
    this.#logTimer ??= setTimeout(() => {
      this.#logTimer = undefined
      const count = this.#unlogged
      this.#unlogged = 0
      this.#log(`[front] renders busy: ${count} personalized request${count === 1 ? '' : 's'} got the plain page in the last minute (${this.slots} renders at once, ${this.queueLength} queued)`)
    }, ADMISSION_LOG_MS)
    this.#logTimer.unref?.()
    return null
  }
}

export interface ConnectionBudgetOptions extends SlotBudgets {
  /** Peers not counted: the reverse proxies in front (all their clients share their address). */
  exempt?: (address: string) => boolean
  /** The answer written to a connection over its budget before it is closed. */
  refusal: string
  log?: (line: string) => void
}

/**
 * Open connections per address and per network (IPv4 /24, IPv6 /56), and in total: one address, or a
 * few dozen of one network, cannot take every socket of the server. A connection over a budget gets
 * `refusal` (a 429 with the security headers) and is closed; refusals are logged once a minute.
 */
export function limitConnections(server: Server, { exempt = () => false, refusal, log = console.warn, ...budgets }: ConnectionBudgetOptions): UploadGate {
  const gate = new UploadGate(budgets)
  let unlogged = 0
  let timer: NodeJS.Timeout | undefined
  server.on('connection', (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress ?? '')
    if (exempt(address)) return
    const release = gate.enter(address)
    if (release) return void socket.once('close', release)
    unlogged++
    timer ??= setTimeout(() => {
      timer = undefined
      log(`[limits] connections: refused ${unlogged} in the last minute (per address ${gate.perClient}, per network ${gate.perNetwork}, overall ${gate.total})`)
      unlogged = 0
    }, ADMISSION_LOG_MS)
    timer.unref?.()
    socket.on('error', () => {})
    // Closed as soon as the refusal is written: no request on it reaches the handler.
    socket.end(refusal, () => socket.destroy())
  })
  return gate
}

function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}
