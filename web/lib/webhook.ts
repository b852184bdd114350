import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { LRUCache } from 'lru-cache'
import { createHash } from 'node:crypto'
import { boundedText } from './net/boundedText.ts'

/**
 * Checks a Sanity webhook delivery, cheapest check first, so a hostile caller costs little:
 * size (before reading), the signature header's form and age, the HMAC, then replay. A refused
 * delivery changes nothing and says why in one line; it never names the server's configuration.
 *
 * Sanity signs `timestamp.body`, so the timestamp cannot be altered without the secret: a delivery
 * older than MAX_AGE_MS (or from the future beyond CLOCK_SKEW_MS) is refused, and a delivery seen
 * once (Sanity's idempotency-key, else the signature itself) is refused for as long as it is young
 * enough to pass the age check. A delivery is known by what is signed (its timestamp and body), so
 * no header a sender may change or drop, nor another spelling of the signature header, makes a
 * replay new; Sanity's idempotency-key, when present, is claimed as well: it can only add a refusal
 * (a retry re-signed with a new timestamp), never remove one.
 */
export const MAX_WEBHOOK_BYTES = 1024 * 1024
export const MAX_AGE_MS = 5 * 60 * 1000
export const CLOCK_SKEW_MS = 30 * 1000

export type WebhookVerdict<T> = { ok: true; body: T | null } | { ok: false; status: number; message: string }

/** Deliveries already acted on, for as long as a replay of them could pass the age check. */
export interface ReplayGuard {
  /** True the first time a key is seen in the window; false for a replay. */
  firstSeen(key: string): Promise<boolean> | boolean
}

/**
 * With several instances a replay may reach another one: the deliveries seen are then also kept in
 * the shared store (`claim` sets a key only if it is new, e.g. Redis SET NX PX). When the shared store
 * fails, this instance's own memory still refuses replays it saw itself.
 */
export function sharedReplayGuard(claim: (key: string, ttlMs: number) => Promise<boolean>, local: ReplayGuard = memoryReplayGuard()): ReplayGuard {
  return {
    async firstSeen(key) {
      if (!(await local.firstSeen(key))) return false
      try {
        return await claim(key, MAX_AGE_MS + CLOCK_SKEW_MS)
      } catch {
        return true
      }
    },
  }
}

export function memoryReplayGuard(max = 10_000): ReplayGuard {
  const seen = new LRUCache<string, true>({ max, ttl: MAX_AGE_MS + CLOCK_SKEW_MS })
  return {
    firstSeen(key) {
      if (seen.has(key)) return false
      seen.set(key, true)
      return true
    },
  }
}

/**
 * Whether a request's signature header is well formed and young enough to be checked: what the front
 * reads (before the body, so without checking the HMAC) to let a publish use upload slots of its own.
 * A sender can write such a header without the secret, so those slots have budgets of their own too.
 */
export function signatureLooksFresh(header: string | string[] | undefined, now = Date.now()): boolean {
  if (typeof header !== 'string' || header.length > 512) return false
  try {
    const { timestamp } = decodeSignatureHeader(header)
    return Number.isFinite(timestamp) && now - timestamp <= MAX_AGE_MS && timestamp - now <= CLOCK_SKEW_MS
  } catch {
    return false
  }
}

export { SIGNATURE_HEADER_NAME }

export async function verifyWebhook<T>(
  request: Request,
  secret: string,
  { replays, now = Date.now() }: { replays: ReplayGuard; now?: number },
): Promise<WebhookVerdict<T>> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_WEBHOOK_BYTES) return refuse(413, 'Body too large.')
  const signature = request.headers.get(SIGNATURE_HEADER_NAME)
  if (!signature) return refuse(401, 'Missing signature.')
  let timestamp: number
  try {
    timestamp = decodeSignatureHeader(signature).timestamp
  } catch {
    return refuse(401, 'Malformed signature.')
  }
  if (!Number.isFinite(timestamp) || now - timestamp > MAX_AGE_MS) return refuse(401, 'Signature expired.')
  if (timestamp - now > CLOCK_SKEW_MS) return refuse(401, 'Signature from the future.')
  const text = await boundedText(request, MAX_WEBHOOK_BYTES)
  if (text === null) return refuse(413, 'Body too large.')
  if (!(await isValidSignature(text, signature, secret.trim()))) return refuse(401, 'Invalid signature.')
  if (!(await replays.firstSeen(`signed:${signedContentKey(timestamp, text)}`))) return refuse(409, 'Already delivered.')
  const idempotencyKey = request.headers.get('idempotency-key')?.trim()
  if (idempotencyKey && !(await replays.firstSeen(`idempotency:${idempotencyKey}`))) return refuse(409, 'Already delivered.')
  try {
    return { ok: true, body: text.trim() ? (JSON.parse(text) as T) : null }
  } catch {
    return refuse(400, 'Unreadable body.')
  }
}

/** What Sanity's signature covers (`timestamp.body`), hashed: the same delivery has the same key. */
function signedContentKey(timestamp: number, body: string): string {
  return createHash('sha256').update(`${timestamp}.${body}`).digest('hex')
}

function refuse(status: number, message: string): WebhookVerdict<never> {
  return { ok: false, status, message }
}
