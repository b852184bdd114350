import type { NextRequest } from 'next/server'
import { handleSmsIncoming } from '@/lib/calls/webhooks/provider'
import { voiceDeps } from '@/content/voiceRuntime'

/** Twilio's messaging webhook of the tracking numbers: a caller's STOP keeps missed-call texts from them (web/lib/calls/webhooks/provider.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: NextRequest) {
  const answer = await handleSmsIncoming({ pathAndQuery: request.nextUrl.pathname + request.nextUrl.search, signature: request.headers.get('x-twilio-signature'), body: await request.text() }, voiceDeps())
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' } })
}
