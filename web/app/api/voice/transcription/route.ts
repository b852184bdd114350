import type { NextRequest } from 'next/server'
import { handleTranscription } from '@/lib/calls/webhooks/media'
import { voiceDeps } from '@/content/voiceRuntime'

/** Real-Time Transcription's segments and a voicemail's transcript (web/lib/calls/webhooks/media.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: NextRequest) {
  const answer = await handleTranscription({ pathAndQuery: request.nextUrl.pathname + request.nextUrl.search, signature: request.headers.get('x-twilio-signature'), body: await request.text() }, voiceDeps())
  return new Response(answer.body || null, { status: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' } })
}
