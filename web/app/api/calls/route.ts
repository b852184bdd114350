import type { NextRequest } from 'next/server'
import { configuredCallLog, tapLimiter } from '@/lib/calls'
import type { CallLog } from '@/lib/calls/store'
import { MAX_TAP_BYTES, parseTap } from '@/lib/calls/tap'

/**
 * The site's own call log: every tap on a call link is sent here with navigator.sendBeacon
 * (web/lib/tracking). Answers 204 when kept; junk, floods and oversized bodies are refused with one
 * line of JSON. The front (web/server) caps the body before this runs; this checks again for plain
 * `next start`.
 */
let log: CallLog | undefined

export async function POST(request: NextRequest) {
  // The front sets X-Forwarded-For to the client's address (never the client's own header).
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  if (!tapLimiter.allow(client)) return Response.json({ message: 'Too many taps.' }, { status: 429 })
  const body = await request.text()
  if (body.length > MAX_TAP_BYTES) return Response.json({ message: 'Body too large.' }, { status: 413 })
  let input: unknown
  try {
    input = JSON.parse(body)
  } catch {
    return Response.json({ message: 'Not a tap.' }, { status: 400 })
  }
  const tap = parseTap(input)
  if (!tap) return Response.json({ message: 'Not a tap.' }, { status: 400 })
  log ??= configuredCallLog()
  try {
    await log.record(tap)
  } catch (error) {
    console.error(`[calls] not recorded: ${error instanceof Error ? error.message : String(error)}`)
    return Response.json({ message: 'Not recorded.' }, { status: 503 })
  }
  return new Response(null, { status: 204 })
}
