import type { NextRequest } from 'next/server'
import { configuredCallLog, tapLimiter, visitLimiter } from '@/lib/calls'
import type { CallLog } from '@/lib/calls/store'
import { takeBeacon } from '@/lib/calls/beacon'
import { MAX_TAP_BYTES } from '@/lib/calls/tap'
import type { ServedFacts } from '@/lib/calls/verify'
import { configuredExperimentVisitors } from '@/lib/campaigns/experimentVisitors'
import { boundedText, forwardedClient } from '@/lib/net/forwardedClient'
import { isKnownSlug, personalizedRouteAt } from '@/content/routing'
import { getSettings } from '@/content/loaders'

/**
 * The site's own call log and A/B visitor counts, from the call tracker's beacons (web/lib/calls/beacon.ts).
 * Answers 204 when taken; junk, floods and oversized bodies are refused with one line of JSON. The front
 * (web/server) caps the body before this runs; this checks again for plain `next start`, by Content-Length
 * before reading.
 */
let log: CallLog | undefined

export async function POST(request: NextRequest) {
  const body = await boundedText(request, MAX_TAP_BYTES)
  if (body === null) return Response.json({ message: 'Body too large.' }, { status: 413, headers: { connection: 'close' } })
  const answer = await takeBeacon(
    body,
    { client: forwardedClient(request.headers), cookie: request.headers.get('cookie') ?? undefined, userAgent: request.headers.get('user-agent') ?? undefined },
    { facts: servedFacts, log: () => (log ??= configuredCallLog()), visitors: configuredExperimentVisitors, taps: tapLimiter, visits: visitLimiter },
  )
  return answer.status === 204 ? new Response(null, { status: 204 }) : Response.json({ message: answer.message }, { status: answer.status })
}

/** What the server itself knows about the page a beacon names. */
async function servedFacts(page: string): Promise<Omit<ServedFacts, 'kept'>> {
  try {
    const [route, settings, known] = await Promise.all([
      personalizedRouteAt(page),
      getSettings(),
      page === '/' ? true : /^\/[^/]+$/.test(page) ? isKnownSlug(decodeSegment(page.slice(1))) : false,
    ])
    const numbers = new Set([settings.phone, ...(route?.trackingNumbers ?? []).map((rule) => rule.phone)].filter((number): number is string => Boolean(number)))
    // No list of addresses could be loaded (the Content Lake is down): the tap is kept with its page rather than lost.
    return { routed: known !== false, ...(route ? { route } : {}), numbers }
  } catch (error) {
    // The content cannot be read: the tap is kept with its page, without what only the content can vouch for.
    console.error(`[calls] could not check the tap against the content: ${error instanceof Error ? error.message : String(error)}`)
    return { routed: true, numbers: new Set() }
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
