import { isbot } from 'isbot'
import { isSearchEngine, keptArmVisitor } from '../personalization/header.ts'
import type { RateLimiter } from './rateLimit.ts'
import type { Recorder } from './recorder.ts'
import { MAX_TAP_BYTES, parseTap, parseVisit } from './tap.ts'
import { verifiedTap, type ServedFacts } from './verify.ts'
import { clientKey } from '../net/clientKey.ts'
import { siteSecret } from '../personalization/enrollment.ts'

/**
 * One beacon of the call tracker (web/lib/tracking), as /api/calls takes it:
 * - a tap on a call link (`{page, source, …}`): recorded as the server served it (verify.ts);
 * - "kept its version" (`{seen: true, page}`), sent once a page with a running A/B test has loaded.
 * A visitor counts for an A/B version only from its own signed cookie (personalization/enrollment.ts) on a
 * page that runs the test, and never as a bot. A cookie that does not verify counts nothing and the beacon
 * is answered 204 all the same: a forger learns nothing from the answer.
 */
export interface BeaconRequest {
  /** The client's address, for the limits. */
  client: string
  cookie: string | undefined
  userAgent: string | undefined
}

export interface BeaconDeps {
  /** What the server knows about the page a beacon names (its route, whether it exists, its numbers); `kept` is read here. */
  facts(page: string): Promise<Omit<ServedFacts, 'kept'>>
  /** Stores (or queues while the store is unreachable) taps and visitor counts. */
  recorder(): Recorder
  taps: RateLimiter
  visits: RateLimiter
}

export type BeaconAnswer = { status: 204 } | { status: 400 | 413 | 429 | 503; message: string }

export async function takeBeacon(body: string, request: BeaconRequest, deps: BeaconDeps): Promise<BeaconAnswer> {
  if (body.length > MAX_TAP_BYTES) return { status: 413, message: 'Body too large.' }
  let input: unknown
  try {
    input = JSON.parse(body)
  } catch {
    return { status: 400, message: 'Not a tap.' }
  }
  const bot = isbot(request.userAgent ?? '') || isSearchEngine(request.userAgent)
  const visit = parseVisit(input)
  if (visit) {
    if (!deps.visits.allow(request.client)) return { status: 429, message: 'Too many requests.' }
    const facts = await deps.facts(visit.page)
    const experiment = facts.routed ? facts.route?.experiment : undefined
    const kept = experiment ? keptArmVisitor(request.cookie, experiment) : undefined
    // A beacon is answered 204 even when a full queue refused it (counted and logged by the recorder).
    if (experiment && bot) await deps.recorder().botExcluded(experiment.name)
    else if (experiment && kept) await deps.recorder().seen({ experiment, ...kept, network: clientKey(siteSecret(), 'network', request.client) })
    return { status: 204 }
  }
  // Junk costs no budget: only a well-formed tap is counted against its address and network.
  const claimed = parseTap(input)
  if (!claimed) return { status: 400, message: 'Not a tap.' }
  if (!deps.taps.allow(request.client)) return { status: 429, message: 'Too many taps.' }
  const facts = await deps.facts(claimed.page)
  const kept = facts.route?.experiment ? keptArmVisitor(request.cookie, facts.route.experiment) : undefined
  const verified = verifiedTap(claimed, { ...facts, ...(kept ? { kept } : {}) })
  const { tap } = verified
  const served = verified.served && { ...verified.served, network: clientKey(siteSecret(), 'network', request.client) }
  // A tap is acknowledged only once stored or queued: never a 2xx for a tap not kept.
  if (!(await deps.recorder().tap(tap, served && !bot ? served : undefined))) return { status: 503, message: 'Not recorded.' }
  return { status: 204 }
}
