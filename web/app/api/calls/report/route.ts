import type { NextRequest } from 'next/server'
import { callLogFile } from '../../../../lib/calls'
import { fixedWindowLimiter } from '../../../../lib/calls/rateLimit'
import { readSupabaseConfig } from '../../../../lib/location/supabase'
import { configuredArmVisits } from '../../../../lib/campaigns/armVisits'
import { buildCallsReport, reportSince } from '../../../../lib/campaigns/report'
import { bearerToken, studioAuth, usersMeUrl, type StudioAuth } from '../../../../lib/campaigns/studioAuth'
import { sqliteCallLog, type CallLog } from '../../../../lib/calls/store'

/**
 * The Studio's Calls tool reads this: taps per day × page × keyword × arm × number and, per
 * experiment, visitors and taps per arm with a verdict — aggregates only, never a tap. Only a
 * Studio user may read it: the token the Studio sends is checked against the Content Lake's
 * users/me (web/lib/campaigns/studioAuth.ts); no token or a token Sanity does not know → 401.
 */
export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store', vary: 'authorization' }
/** Each check asks Sanity: 30 a minute per address and 300 in all, so forged tokens cannot make the site flood it. */
const checks = fixedWindowLimiter({ perClient: 30, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined
let log: CallLog | undefined

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
  const since = reportSince(new Date())
  log ??= sqliteCallLog(callLogFile())
  const taps = await log.summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since })
  const visits = configuredArmVisits().totals(since)
  return Response.json(buildCallsReport(since, taps, visits), { headers: NO_STORE })
}
