import type { NextRequest } from 'next/server'
import { isbot } from 'isbot'
import { configuredRecorder, tapLimiter, visitLimiter } from '@/lib/calls'
import { MAX_TAP_BYTES, parseTap, parseVisit } from '@/lib/calls/tap'
import { verifiedTap } from '@/lib/calls/verify'
import { isSearchEngine } from '@/lib/personalization/header'
import { servedFacts } from '@/content/servedFacts'

/**
 * The site's own call log and A/B visitor counts, from the call tracker's beacons (web/lib/tracking):
 * - a tap on a call link (`{page, source, …}`): recorded as the server served it (web/lib/calls/verify.ts);
 * - "kept its version" (`{seen: true, page}`), sent once a page with a running A/B test has loaded: the
 *   visitor counts for the version its own cookie names, once, unless it is a bot.
 * Answers 204 when taken (stored, or queued while the store is unreachable: web/lib/calls/recorder.ts);
 * junk, floods and oversized bodies are refused with one line of JSON. A beacon is answered 204 even when
 * a full queue refused it (counted and logged); a tap then gets 503, never a 2xx for a tap not kept. The
 * front (web/server) caps the body before this runs; this checks again for plain `next start`.
 */

export async function POST(request: NextRequest) {
  // The front sets X-Forwarded-For to the client's address (never the client's own header).
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  const body = await request.text()
  if (body.length > MAX_TAP_BYTES) return Response.json({ message: 'Body too large.' }, { status: 413 })
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
    if (experiment && isBot(request)) await configuredRecorder().botExcluded(experiment.name)
    else if (experiment && facts.kept?.visitor) await configuredRecorder().seen({ experiment, arm: facts.kept.arm, visitor: facts.kept.visitor })
    return new Response(null, { status: 204 })
  }
  if (!tapLimiter.allow(client)) return Response.json({ message: 'Too many taps.' }, { status: 429 })
  const claimed = parseTap(input)
  if (!claimed) return Response.json({ message: 'Not a tap.' }, { status: 400 })
  const { tap, served } = verifiedTap(claimed, await servedFacts(request, claimed.page))
  if (!(await configuredRecorder().tap(tap, served && !isBot(request) ? served : undefined))) return Response.json({ message: 'Not recorded.' }, { status: 503 })
  return new Response(null, { status: 204 })
}

/** A maintained list of bots and crawlers (isbot), and the crawlers the site already shows the control. */
function isBot(request: NextRequest): boolean {
  const userAgent = request.headers.get('user-agent') ?? ''
  return isbot(userAgent) || isSearchEngine(userAgent)
}
