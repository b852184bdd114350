import type { NextRequest } from 'next/server'
import { configuredRecorder, tapLimiter, visitLimiter } from '@/lib/taps'
import { takeBeacon } from '@/lib/taps/beacon'
import { MAX_TAP_BYTES } from '@/lib/taps/tap'
import { boundedText } from '@/lib/net/boundedText'
import { forwardedClient } from '@/lib/net/forwardedClient'
import { serverConfig } from '@/lib/config'
import { pageFacts } from '@/content/servedFacts'

/**
 * The site's own call log and A/B visitor counts, from the call tracker's beacons (web/lib/taps/beacon.ts).
 * Answers 204 when taken; junk, floods and oversized bodies are refused with one line of JSON. The front
 * (web/server) caps the body before this runs; this checks again for plain `next start`, by Content-Length
 * before reading.
 */

export async function POST(request: NextRequest) {
  const body = await boundedText(request, MAX_TAP_BYTES)
  if (body === null) return Response.json({ message: 'Body too large.' }, { status: 413, headers: { connection: 'close' } })
  const answer = await takeBeacon(
    body,
    { client: forwardedClient(request.headers, serverConfig().onVercel), cookie: request.headers.get('cookie') ?? undefined, userAgent: request.headers.get('user-agent') ?? undefined },
    { facts: pageFacts, recorder: configuredRecorder, taps: tapLimiter, visits: visitLimiter },
  )
  return answer.status === 204 ? new Response(null, { status: 204 }) : Response.json({ message: answer.message }, { status: answer.status })
}
