import type { IncomingMessage } from 'node:http'
import { networkOf } from '../lib/net/network.ts'

/**
 * Request bodies, under abuse. Only a few routes take a body at all (the publish webhook); the
 * front reads such a body whole, within a size and an idle-time limit, before Next sees anything,
 * so a slow upload holds a cheap front socket and never one of the sockets to Next. And the number
 * of uploads in progress is capped per client address, per network (IPv4 /24, IPv6 /56) and in
 * total, so hundreds of one-byte-every-few-seconds uploads are refused at once instead of queueing,
 * and a few dozen addresses of one network cannot hold every slot.
 */
export class BodyError extends Error {
  readonly status: 408 | 413 | 400

  constructor(status: 408 | 413 | 400, message: string) {
    super(message)
    this.status = status
  }
}

export interface SlotBudgets {
  perClient: number
  /** Per network (networkOf: IPv4 /24, IPv6 /56); no cap of its own when absent. */
  perNetwork?: number
  total: number
  /** Of the total, slots only a network holding none may take (default none). */
  reservedForNewNetworks?: number
}

/**
 * Slots held at once (uploads, connections), per address, per network and in total; the last
 * `reservedForNewNetworks` of the total are kept for networks that hold none.
 */
export class UploadGate {
  readonly perClient: number
  readonly perNetwork: number
  readonly total: number
  readonly reservedForNewNetworks: number
  #byClient = new Map<string, number>()
  #byNetwork = new Map<string, number>()
  #inProgress = 0

  constructor({ perClient, perNetwork = Infinity, total, reservedForNewNetworks = 0 }: SlotBudgets) {
    this.perClient = perClient
    this.perNetwork = perNetwork
    this.total = total
    this.reservedForNewNetworks = reservedForNewNetworks
  }

  get inProgress(): number {
    return this.#inProgress
  }

  /** Whether this client is within its own and its network's budgets, the total apart. */
  withinOwnBudgets(client: string): boolean {
    return (this.#byClient.get(client) ?? 0) < this.perClient && (this.#byNetwork.get(networkOf(client)) ?? 0) < this.perNetwork
  }

  /** A release function when this client may take a slot now; null when it must be refused. */
  enter(client: string): (() => void) | null {
    const network = networkOf(client)
    const mine = this.#byClient.get(client) ?? 0
    const ours = this.#byNetwork.get(network) ?? 0
    if (mine >= this.perClient || ours >= this.perNetwork || this.#inProgress >= this.total) return null
    // The last slots go only to networks holding none: the slots of the networks present never add up
    // to all of them, so a client of a network not yet present finds one.
    if (ours > 0 && this.#inProgress >= this.total - this.reservedForNewNetworks) return null
    this.#byClient.set(client, mine + 1)
    this.#byNetwork.set(network, ours + 1)
    this.#inProgress++
    let released = false
    return () => {
      if (released) return
      released = true
      this.#inProgress--
      decrement(this.#byClient, client)
      decrement(this.#byNetwork, network)
    }
  }
}

function decrement(counts: Map<string, number>, key: string) {
  const left = (counts.get(key) ?? 1) - 1
  if (left > 0) counts.set(key, left)
  else counts.delete(key)
}

/** True when the request says it carries a body. */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/**
 * Reads a body of at most maxBytes, refusing by Content-Length before reading and while streaming,
 * and giving up when no byte arrives for idleMs or when the whole body has taken totalMs: a sender
 * dripping a byte just inside the idle limit is still cut at the whole-request deadline.
 */
export function readBody(request: IncomingMessage, maxBytes: number, idleMs: number, totalMs = Infinity): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? NaN)
    if (declared > maxBytes) return reject(new BodyError(413, 'Body too large.'))
    const chunks: Buffer[] = []
    let size = 0
    let timer = setTimeout(onIdle, idleMs)
    const deadline = Number.isFinite(totalMs) ? setTimeout(onIdle, totalMs) : undefined
    function finish(error: BodyError | null) {
      clearTimeout(timer)
      clearTimeout(deadline)
      request.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted)
      if (error) reject(error)
      else resolve(Buffer.concat(chunks))
    }
    function onIdle() {
      finish(new BodyError(408, 'Body too slow.'))
    }
    function onData(chunk: Buffer) {
      size += chunk.length
      if (size > maxBytes) return finish(new BodyError(413, 'Body too large.'))
      chunks.push(chunk)
      clearTimeout(timer)
      timer = setTimeout(onIdle, idleMs)
    }
    const onEnd = () => finish(null)
    const onError = () => finish(new BodyError(400, 'Body unreadable.'))
    const onAborted = () => finish(new BodyError(400, 'Body aborted.'))
    request.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted)
  })
}
