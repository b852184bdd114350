import type { NextRequest } from 'next/server'
import { handleStatus } from '@/lib/calls/webhooks/voice'
import { voiceDeps } from '@/content/voiceRuntime'

/** The `<Dial action>` callback: records the forwarded call's outcome and answers what the caller hears next (web/lib/calls/webhooks/voice.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: NextRequest) {
  const answer = await handleStatus({ pathAndQuery: request.nextUrl.pathname + request.nextUrl.search, signature: request.headers.get('x-twilio-signature'), body: await request.text() }, voiceDeps())
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' } })
}
