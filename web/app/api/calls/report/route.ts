import type { NextRequest } from 'next/server'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { configuredStore } from '@/lib/db'
import { readCallsReport } from '@/lib/campaigns/readReport'
import { voiceSettingsNow } from '@/content/voiceRuntime'
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
  try {
    const settings = await voiceSettingsNow()
    return Response.json(await readCallsReport(configuredStore, new Date(), settings), { headers: NO_STORE })
  } catch (error) {
    console.error(`[calls report] could not read the store: ${error instanceof Error ? error.message : String(error)}`)
    return refuse(503, 'The call log cannot be read right now; try again.')
  }
}
