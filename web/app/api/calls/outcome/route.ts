import type { NextRequest } from 'next/server'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { configuredVoiceDb } from '@/lib/calls/store/db'
import { markOutcome } from '@/lib/calls/outcomes/records'
import { isOutcome } from '@/lib/calls/outcomes/rules'
import { bearerToken, studioAuth, usersMeUrl, type StudioAuth } from '@/lib/campaigns/studioAuth'

/**
 * The Calls tool sets a call's outcome by hand here (and a booked job's value), as `npm run calls:mark` does from
 * a shell: a Studio user only (the token checked with the Content Lake's users/me), kept in the call's history
 * under the user's name. `POST {"call": "CA…", "outcome": "spam", "value": 400}`.
 */
export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store' }
const checks = budgetLimiter({ name: 'outcome changes', perAddress: 60, perNetwork: 120, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined
const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: NO_STORE })

export async function POST(request: NextRequest) {
  const token = bearerToken(request.headers.get('authorization'))
  if (!token) return refuse(401, 'Sign in to the Studio to change a call’s outcome.')
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  if (!checks.allow(client)) return refuse(429, 'Too many changes at once; wait a minute.')
  auth ??= studioAuth({ url: usersMeUrl() })
  const user = await auth.verify(token).catch(() => undefined)
  if (user === undefined) return refuse(503, 'Could not check the Studio login; try again.')
  if (!user) return refuse(401, 'This Studio login is not valid for this site.')
  const input = (await request.json().catch(() => null)) as { call?: unknown; outcome?: unknown; value?: unknown } | null
  const value = typeof input?.value === 'number' && Number.isFinite(input.value) && input.value >= 0 ? input.value : undefined
  if (typeof input?.call !== 'string' || !/^CA[0-9a-f]{32}$/i.test(input.call) || !isOutcome(input.outcome)) return refuse(400, 'Name the call and one of the outcomes.')
  const marked = await markOutcome(await configuredVoiceDb(), { callSid: input.call, outcome: input.outcome, value, by: user.name || user.id, at: Date.now() })
  return marked ? Response.json({ ok: true }, { headers: NO_STORE }) : refuse(404, 'No such call.')
}
