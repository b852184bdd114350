import type { IncomingMessage, ServerResponse } from 'node:http'
import { signatureLooksFresh, SIGNATURE_HEADER_NAME } from '../lib/webhook.ts'
import { clientAddress } from './edge.ts'
import type { FrontContext } from './frontContext.ts'
import { BodyError, hasBody, readBody, UploadGate } from './limits.ts'
import type { NextUpstream } from './nextUpstream.ts'
import { lingerThenClose, type RawAnswers } from './rawAnswers.ts'
import { DEFAULT_BODY_DEADLINES, DEFAULT_BODY_LIMITS, DRAFT_ACTION_BODY_LIMIT, hasDraftCookie, originHost, REVALIDATE_WEBHOOK } from './requestRules.ts'

/**
 * A body within 20 s: with the 10 s for headers, a whole request within 30 s. The last 16 slots only for
 * networks holding none: four networks of slow bodies leave a fifth its slot.
 */
const DEFAULT_UPLOADS = { perClient: 4, perNetwork: 16, total: 64, reservedForNewNetworks: 16, idleMs: 10_000, totalMs: 20_000 }
const DEFAULT_WEBHOOK_UPLOADS = { perClient: 2, perNetwork: 2, total: 8, totalMs: 5_000 }
/**
 * Twilio's voice webhooks carrying a signature: slots of their own, never budgeted by address (Twilio sends
 * every customer's calls from a few shared addresses, so a busy hour would look like one client), and
 * when all are taken the one held longest is cut (a real delivery arrives whole at once). A forged
 * signature is refused as soon as its body is read (lib/calls/webhooks/voice.ts).
 */
const TWILIO_UPLOADS = { perClient: Infinity, total: 64, totalMs: 5_000 }
const TWILIO_WEBHOOKS = new Set(['/api/voice/incoming', '/api/voice/status'])

/**
 * Requests other than GET and HEAD: a POST to a route that takes a body (or a draft session's server action)
 * has it read whole, within the upload slots, limits and deadlines, before Next or a direct answer sees it;
 * anything else is 405.
 */
export function createRequestBodies(context: FrontContext, raw: RawAnswers, next: NextUpstream) {
  const { options, edge } = context
  const { sendPlain, sendJson, answerDirectly } = raw
  const bodyLimits = options.bodyLimits ?? DEFAULT_BODY_LIMITS
  const bodyDeadlines = options.bodyDeadlines ?? DEFAULT_BODY_DEADLINES
  const uploadLimits = options.uploads ?? DEFAULT_UPLOADS
  const gate = new UploadGate(uploadLimits)
  const webhookUploads = options.webhookUploads ?? DEFAULT_WEBHOOK_UPLOADS
  const webhookGate = new UploadGate(webhookUploads)
  /** Publish uploads in progress, the one held longest first. */
  const webhookHolders = new Set<{ request: IncomingMessage; release: () => void }>()
  const twilioGate = new UploadGate(TWILIO_UPLOADS)
  const twilioHolders = new Set<{ request: IncomingMessage; release: () => void }>()

  function answerOtherMethod(request: IncomingMessage, response: ServerResponse, path: string) {
    const bodyLimit = Object.hasOwn(bodyLimits, path) ? bodyLimits[path] : undefined
    if (request.method === 'POST' && bodyLimit !== undefined) return void acceptBody(request, response, path, bodyLimit)
    if (request.method === 'POST' && request.headers['next-action'] !== undefined && hasDraftCookie(request.headers.cookie)) {
      // Next runs an action only when its Origin is the host it was sent to (its CSRF check), and it is
      // sent to Next's loopback address: an Origin that is the host the browser asked for is named so.
      // Any other Origin goes as it came, for Next to refuse.
      if (originHost(request.headers.origin) === request.headers.host) request.headers.origin = `http://${edge.upstream.host}:${edge.upstream.port}`
      return void acceptBody(request, response, path, DRAFT_ACTION_BODY_LIMIT)
    }
    const withBody = hasBody(request)
    sendPlain(response, 405, 'Method not allowed.\n', {
      allow: bodyLimit !== undefined ? 'GET, HEAD, POST' : 'GET, HEAD',
      // An unread body would be taken for the next request on this connection.
      ...(withBody ? { connection: 'close' } : {}),
    })
    if (withBody) lingerThenClose(request)
  }

  async function acceptBody(request: IncomingMessage, response: ServerResponse, path: string, limit: number) {
    const client = clientAddress(request, edge.trustedProxies)
    const publish = path === REVALIDATE_WEBHOOK && signatureLooksFresh(request.headers[SIGNATURE_HEADER_NAME])
    const twilio = TWILIO_WEBHOOKS.has(path) && typeof request.headers['x-twilio-signature'] === 'string'
    const reserved = publish ? enterWebhookGate(request, client, webhookGate, webhookHolders) : twilio ? enterWebhookGate(request, 'twilio', twilioGate, twilioHolders) : null
    const release = reserved ?? gate.enter(client)
    const totalMs = reserved ? (twilio ? TWILIO_UPLOADS.totalMs : webhookUploads.totalMs) : Math.min(uploadLimits.totalMs ?? DEFAULT_UPLOADS.totalMs, bodyDeadlines[path] ?? Infinity)
    if (!release) {
      sendPlain(response, 429, 'Too many uploads in progress.\n', { connection: 'close', 'retry-after': '5' })
      return lingerThenClose(request)
    }
    try {
      const body = await readBody(request, limit, uploadLimits.idleMs, totalMs)
      release()
      const direct = options.answers?.[path]
      if (direct) return void answerDirectly(request, response, direct, body)
      next.fetchFromNext(request, response, path, null, body)
    } catch (error) {
      release()
      const status = error instanceof BodyError ? error.status : 400
      sendJson(response, status, { message: error instanceof Error ? error.message : 'Unreadable body.' }, { connection: 'close' })
      lingerThenClose(request)
    }
  }

  /**
   * A reserved publish slot, within the per-address and per-network budgets. All taken: the upload held
   * longest is cut (a real delivery arrives whole at once, so only a body that drips is held) and its slot
   * goes to this one.
   */
  function enterWebhookGate(request: IncomingMessage, client: string, slots: UploadGate, holders: Set<{ request: IncomingMessage; release: () => void }>): (() => void) | null {
    let release = slots.enter(client)
    const oldest = holders.values().next().value
    if (!release && oldest && slots.withinOwnBudgets(client)) {
      holders.delete(oldest)
      oldest.release()
      oldest.request.destroy()
      release = slots.enter(client)
    }
    if (!release) return null
    const holder = { request, release }
    holders.add(holder)
    return () => {
      holders.delete(holder)
      release()
    }
  }

  return { answerOtherMethod }
}
