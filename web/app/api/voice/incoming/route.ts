import type { NextRequest } from 'next/server'
import { handleIncoming } from '@/lib/calls/webhooks/voice'
import { voiceDeps } from '@/content/voiceRuntime'

/** Twilio's "A call comes in" webhook for every tracking and pool number: TwiML forwarding to the business line (web/lib/calls/webhooks/voice.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: NextRequest) {
  const answer = await handleIncoming({ pathAndQuery: request.nextUrl.pathname + request.nextUrl.search, signature: request.headers.get('x-twilio-signature'), body: await request.text() }, voiceDeps())
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' } })
}
