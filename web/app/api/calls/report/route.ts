import type { NextRequest } from 'next/server'
import { callLogFile } from '@/lib/calls'
import { budgetLimiter } from '@/lib/calls/rateLimit'
import { readSupabaseConfig } from '@/lib/location/supabase'
import { readCallsReport } from '@/lib/campaigns/readReport'
import { configuredVoiceDb } from '@/lib/voice/db'
import { withinMs } from '@/lib/voice/deadline'
import { bearerToken, studioAuth, usersMeUrl, type StudioAuth } from '@/lib/campaigns/studioAuth'

/**
 * The Studio's Calls tool reads this: taps per day × page × keyword × arm × number and, per
 * experiment, visitors, converting visitors and taps per version with the verdict — aggregates only,
 * never a tap. The same report as `npm run calls:report -- --json`. Only a Studio user may read it: the
 * token the Studio sends is checked against the Content Lake's users/me (web/lib/campaigns/studioAuth.ts);
 * no token or a token Sanity does not know → 401.
 */
export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store', vary: 'authorization' }
/** Each check asks Sanity: 30 a minute per address, 120 per network and 300 in all, so forged tokens cannot make the site flood it. */
const checks = budgetLimiter({ name: 'Calls report checks', perAddress: 30, perNetwork: 120, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined

function refuse(status: number, message: string, extra: Record<string, string> = {}) {
  return Response.json({ message }, { status, headers: { ...NO_STORE, ...extra } })
}

export async function GET(request: NextRequest) {
  const token = bearerToken(request.headers.get('authorization'))
  if (!token) return refuse(401, 'Sign in to the Studio to see calls.', { 'www-authenticate': 'Bearer' })
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  if (!checks.allow(client)) return refuse(429, 'Too many requests.')
  auth ??= studioAuth({ url: usersMeUrl() })
  try {
    if (!(await auth.verify(token))) return refuse(401, 'This Studio login is not valid for this site’s project.', { 'www-authenticate': 'Bearer error="invalid_token"' })
  } catch (error) {
    console.error(`[calls report] could not check the Studio login: ${error instanceof Error ? error.message : String(error)}`)
    return refuse(503, 'Could not check the Studio login with Sanity; try again.')
  }
  if (readSupabaseConfig()) {
    // The site's anon key may only insert into call_clicks; the report is read with the owner's key (README).
    return refuse(501, 'The call log is in Supabase: read call_clicks there (the site’s key may only add taps).')
  }
  // Call tracking's store, unless it does not answer in time: the taps report still comes.
  const voiceDb = await withinMs(configuredVoiceDb(), 2_000)
  return Response.json(await readCallsReport(callLogFile(), new Date(), voiceDb), { headers: NO_STORE })
}
