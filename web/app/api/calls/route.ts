import type { NextRequest } from 'next/server'
import { isbot } from 'isbot'
import { configuredCallLog, tapLimiter, visitLimiter } from '@/lib/calls'
import type { CallLog } from '@/lib/calls/store'
import { MAX_TAP_BYTES, parseTap, parseVisit } from '@/lib/calls/tap'
import { boundedText, forwardedClient } from '@/lib/net/forwardedClient'
import { verifiedTap, type ServedFacts } from '@/lib/calls/verify'
import { configuredExperimentVisitors } from '@/lib/campaigns/experimentVisitors'
import { isSearchEngine, keptArmVisitor } from '@/lib/personalization/header'
import { isKnownSlug, personalizedRouteAt } from '@/content/routing'
import { getSettings } from '@/content/loaders'

/**
 * The site's own call log and A/B visitor counts, from the call tracker's beacons (web/lib/tracking):
 * - a tap on a call link (`{page, source, …}`): recorded as the server served it (web/lib/calls/verify.ts);
 * - "kept its version" (`{seen: true, page}`), sent once a page with a running A/B test has loaded: the
 *   visitor counts for the version its own signed cookie names, once, unless it is a bot. A cookie that does
 *   not verify (unsigned, tampered, foreign) counts nothing and is answered 204 all the same.
 * Answers 204 when taken; junk, floods and oversized bodies are refused with one line of JSON. The front
 * (web/server) caps the body before this runs; this checks again for plain `next start`.
 */
let log: CallLog | undefined

export async function POST(request: NextRequest) {
  const client = forwardedClient(request.headers)
  // Refused by its Content-Length before a byte is read (plain `next start` has no front to do it).
  const body = await boundedText(request, MAX_TAP_BYTES)
  if (body === null) return Response.json({ message: 'Body too large.' }, { status: 413, headers: { connection: 'close' } })
  let input: unknown
  try {
    input = JSON.parse(body)
  } catch {
    return Response.json({ message: 'Not a tap.' }, { status: 400 })
  }
  const visit = parseVisit(input)
  if (visit) {
    if (!visitLimiter.allow(client)) return Response.json({ message: 'Too many requests.' }, { status: 429 })
    const facts = await servedFacts(request, visit.page)
    const experiment = facts.route?.experiment
    if (experiment && isBot(request)) configuredExperimentVisitors().botExcluded(experiment.name)
    else if (experiment && facts.kept?.visitor) configuredExperimentVisitors().seen({ experiment, arm: facts.kept.arm, visitor: facts.kept.visitor })
    return new Response(null, { status: 204 })
  }
  if (!tapLimiter.allow(client)) return Response.json({ message: 'Too many taps.' }, { status: 429 })
  const claimed = parseTap(input)
  if (!claimed) return Response.json({ message: 'Not a tap.' }, { status: 400 })
  const { tap, served } = verifiedTap(claimed, await servedFacts(request, claimed.page))
  log ??= configuredCallLog()
  try {
    await log.record(tap)
    if (served && !isBot(request)) configuredExperimentVisitors().tapped(served)
  } catch (error) {
    console.error(`[calls] not recorded: ${error instanceof Error ? error.message : String(error)}`)
    return Response.json({ message: 'Not recorded.' }, { status: 503 })
  }
  return new Response(null, { status: 204 })
}

/** A maintained list of bots and crawlers (isbot), and the crawlers the site already shows the control. */
function isBot(request: NextRequest): boolean {
  const userAgent = request.headers.get('user-agent') ?? ''
  return isbot(userAgent) || isSearchEngine(userAgent)
}

/** What the server itself knows about the page a beacon names, and the visitor's own version cookie. */
async function servedFacts(request: NextRequest, page: string): Promise<ServedFacts> {
  try {
    return await factsFromContent(request, page)
  } catch (error) {
    // The content cannot be read: the tap is kept with its page, without what only the content can vouch for.
    console.error(`[calls] could not check the tap against the content: ${error instanceof Error ? error.message : String(error)}`)
    return { routed: true, numbers: new Set() }
  }
}

async function factsFromContent(request: NextRequest, page: string): Promise<ServedFacts> {
  const [route, settings, known] = await Promise.all([
    personalizedRouteAt(page),
    getSettings(),
    page === '/' ? true : /^\/[^/]+$/.test(page) ? isKnownSlug(decodeSegment(page.slice(1))) : false,
  ])
  const numbers = new Set([settings.phone, ...(route?.trackingNumbers ?? []).map((rule) => rule.phone)].filter((number): number is string => Boolean(number)))
  // No list of addresses could be loaded (the Content Lake is down): the tap is kept with its page rather than lost.
  const routed = known !== false
  const kept = route?.experiment ? keptArmVisitor(request.headers.get('cookie') ?? undefined, route.experiment) : undefined
  return { routed, ...(route ? { route } : {}), numbers, ...(kept ? { kept } : {}) }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
