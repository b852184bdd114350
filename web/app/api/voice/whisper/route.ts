import type { NextRequest } from 'next/server'
import { handleWhisper } from '@/lib/calls/webhooks/provider'
import { voiceDeps } from '@/content/voiceRuntime'

/** A provider's leg (`<Number url>`): what the provider hears before the caller is joined (web/lib/calls/webhooks/provider.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: NextRequest) {
  const answer = await handleWhisper({ pathAndQuery: request.nextUrl.pathname + request.nextUrl.search, signature: request.headers.get('x-twilio-signature'), body: await request.text() }, voiceDeps())
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' } })
}
