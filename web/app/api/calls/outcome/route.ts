import type { NextRequest } from 'next/server'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { configuredVoiceDb } from '@/lib/calls/store/db'
import { studioAuth, usersMeUrl, type StudioAuth } from '@/lib/campaigns/studioAuth'
import { forwardedClient } from '@/lib/net/forwardedClient'
import { serverConfig } from '@/lib/config'
import { answerOutcomeChange } from '@/content/outcomeChange'
import { voiceSettingsNow } from '@/content/voiceRuntime'
import { VOICE_DEFAULTS } from '@/lib/calls/settings'

/**
 * The Calls tool sets a call's outcome by hand here (and a booked job's value), as `npm run calls:mark` does from a
 * shell: an administrator only (content/outcomeChange.ts). `POST {"call": "CA…", "outcome": "spam", "value": 400}`.
 */
export const dynamic = 'force-dynamic'

const checks = budgetLimiter({ name: 'outcome changes', perAddress: 60, perNetwork: 120, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined

export async function POST(request: NextRequest) {
  if (!checks.allow(forwardedClient(request.headers, serverConfig().onVercel))) return Response.json({ message: 'Too many changes at once; wait a minute.' }, { status: 429, headers: { 'cache-control': 'no-store' } })
  auth ??= studioAuth({ url: usersMeUrl() })
  const rules = async () => {
    const settings = await voiceSettingsNow()
    return { outcomeRoles: settings?.outcomeRoles ?? [], maxOutcomeValue: settings?.maxOutcomeValue ?? VOICE_DEFAULTS.maxOutcomeValue }
  }
  return answerOutcomeChange({ authorization: request.headers.get('authorization'), body: await request.json().catch(() => null) }, { auth, db: configuredVoiceDb, rules })
}
