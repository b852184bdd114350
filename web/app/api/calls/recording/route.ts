import type { NextRequest } from 'next/server'
import { configuredVoiceDb } from '@/lib/calls/store/db'
import { answerRecording } from '@/content/recordingPlayer'
import { serverConfig } from '@/lib/config'
import { studioAuth, usersMeUrl, type StudioAuth } from '@/lib/campaigns/studioAuth'
import { budgetLimiter } from '@/lib/taps/rateLimit'

/** A call's recording for the Calls tool's player, to a signed-in Studio user only (web/content/recordingPlayer.ts). */
export const dynamic = 'force-dynamic'

const checks = budgetLimiter({ name: 'recording checks', perAddress: 60, perNetwork: 120, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined

export async function GET(request: NextRequest) {
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  if (!checks.allow(client)) return Response.json({ message: 'Too many requests.' }, { status: 429 })
  auth ??= studioAuth({ url: usersMeUrl() })
  return answerRecording({ authorization: request.headers.get('authorization'), callSid: request.nextUrl.searchParams.get('call') }, { auth, db: configuredVoiceDb, twilio: serverConfig().twilio })
}
