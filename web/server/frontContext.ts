import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import type { RenderAdmission } from './admission.ts'
import type { EdgeOptions } from './edge.ts'
import type { PageCache, RouteLookup } from './pageCache.ts'

/** A route the front answers itself: the request's path and query, headers and body in, the answer out. */
export type DirectAnswer = (request: { pathAndQuery: string; headers: IncomingHttpHeaders; body: Buffer }) => Promise<{ status: number; contentType: string; body: string }>

export interface FrontOptions extends Partial<Pick<EdgeOptions, 'trustedProxies'>> {
  upstream: { host: string; port: number }
  cache: PageCache
  /**
   * Which pages read ad inputs, run a test or show tracking numbers, from content (./pageShapes.ts);
   * forget() after a publish. Absent: every page is a plain page.
   */
  shapes?: RouteLookup & { forget?(): Promise<void> }
  /** Rewrites a page's HTML before its scripts are hashed and it is stored. */
  transformHtml?: (html: string) => string
  /** Headers every response carries (nosniff, HSTS, …); Next's own are kept where it sent them. */
  securityHeaders?: OutgoingHttpHeaders
  /** Routes that take a request body (POST), with their size limit in bytes. */
  bodyLimits?: Readonly<Record<string, number>>
  /** Routes whose (small) body must be whole within this many ms: a tap's is under 1 KB. */
  bodyDeadlines?: Readonly<Record<string, number>>
  /**
   * POST routes of bodyLimits the front answers itself once it has read the body, with no trip through Next
   * (Twilio's voice webhooks: a caller waits for the answer); plain `next start` answers them with the route.
   */
  answers?: Readonly<Record<string, DirectAnswer>>
  /**
   * Caps on uploads in progress: per address, per network (/24, /56) and in total; a body idle for
   * idleMs, or not whole within totalMs, is refused (408).
   */
  uploads?: { perClient: number; perNetwork?: number; total: number; reservedForNewNetworks?: number; idleMs: number; totalMs?: number }
  /**
   * Upload slots only a publish webhook (POST /api/revalidate with a recent-looking signature) takes,
   * so visitors' uploads can never hold up a publish. Sanity sends its body at once: a short totalMs, and
   * when the slots are full a new publish takes the slot of the one held longest (a body that only looks
   * signed and drips is no Sanity delivery).
   */
  webhookUploads?: { perClient: number; perNetwork: number; total: number; totalMs: number }
  /** Bounds fresh renders of personalized variants (admission.ts); absent: unbounded. */
  renders?: RenderAdmission
  /**
   * Whether a cookie header holds a draft session Next accepts (requestTarget.ts); absent: any preview
   * cookie counts. A preview cookie that is not one is dropped: the request is an ordinary visitor's.
   */
  isDraftSession?: (cookieHeader: string) => boolean
  /**
   * Readiness: GET /healthz (and /readyz); absent: the paths are ordinary (unknown) pages. Told when
   * Next last answered the front, so a busy Next is not taken for a dead one. GET /livez answers 200
   * whenever the process does.
   */
  health?: (facts: { nextAnsweredAt: number }) => Promise<Health>
  /** Shutting down: answers close their connection. */
  isDraining?: () => boolean
  /** Called after a publish webhook was accepted (the cache is already emptied). */
  onPublish?: () => void
  /**
   * Whether /studio is the Studio. False on a production server with no Sanity project: the local
   * Content Lake is a development tool, so /studio answers the site's not-found page. Absent: the Studio.
   */
  studio?: boolean
  /** Called when a bot's request for a page with a running A/B test is answered from the copy (the request hook counts those that reach Next): the Calls tool's "bots excluded". */
  onBotExcluded?: (experiment: string) => void
}

/** What GET /healthz answers: 200 when ok, else 503; the body names parts and states, no secrets. */
export interface Health {
  ok: boolean
  body: Record<string, string>
}

/** What the parts of one front share: its options, where Next is, the page cache, and what it marked on a request. */
export interface FrontContext {
  options: FrontOptions
  edge: EdgeOptions
  cache: PageCache
  shapes: RouteLookup & { forget?(): Promise<void> }
  /** Page requests whose copy the visitor's own cookies shaped (a kept version or campaign): kept here, keyed by them, and private downstream. */
  visitorCopies: WeakSet<IncomingMessage>
  /** The cookies the front's decision set for a page request (a new version, a landing's campaign). */
  decidedCookies: WeakMap<IncomingMessage, string[]>
}

export function frontContext(options: FrontOptions): FrontContext {
  return {
    options,
    edge: { upstream: options.upstream, trustedProxies: options.trustedProxies ?? new Set() },
    cache: options.cache,
    shapes: options.shapes ?? { get: () => null },
    visitorCopies: new WeakSet(),
    decidedCookies: new WeakMap(),
  }
}
