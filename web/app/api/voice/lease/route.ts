import type { NextRequest } from 'next/server'
import { isbot } from 'isbot'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { parseTap } from '@/lib/taps/tap'
import { verifiedTap } from '@/lib/taps/verify'
import { visitorKey } from '@/lib/taps/experimentVisitors'
import { isSearchEngine } from '@/lib/personalization/header'
import { configuredVoiceDb } from '@/lib/calls/store/db'
import { keptClick, MAX_LEASE_BYTES, optedOut, parseLeaseRequest, visitFacts } from '@/lib/calls/pool/lease'
import { leaseForLanding } from '@/lib/calls/pool/leaseGuard'
import { LANDING_COOKIE, verifiedLanding } from '@/lib/personalization/landing'
import { siteSecret } from '@/lib/personalization/enrollment'
import { forwardedClient } from '@/lib/net/forwardedClient'
import { serverConfig } from '@/lib/config'
import { parseCookie } from 'cookie'
import { voiceSettingsNow } from '@/content/voiceRuntime'
import { withinMs } from '@/lib/calls/deadline'
import { isLeaseId } from '@/lib/calls/store/store'
import { servedFacts } from '@/content/servedFacts'
import { pestOfVisit } from '@/lib/calls/routing/routing'
import { placeOfCode } from '@/lib/providers/where'

/**
 * Dynamic number insertion: an ad visit's page asks here, after it has loaded, for a pool number of its own
 * (30 minutes, extended while the page stays open). Only a visit whose page the server answered as an ad
 * landing holds one: its landing token (a cookie only this path receives, lib/personalization/landing.ts),
 * within the live-lease caps per network and per address (lib/calls/pool/leaseGuard.ts). `{number: null}` keeps
 * the number the page shows: call tracking off, a bot, no valid landing token, over a cap, a full pool, or
 * the store not answering within a second.
 */
export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store' }
const leases = budgetLimiter({ name: 'number leases', perAddress: 20, perNetwork: 120, total: 20_000, windowMs: 60_000 })
const none = () => Response.json({ number: null }, { headers: NO_STORE })

export async function POST(request: NextRequest) {
  const client = forwardedClient(request.headers, serverConfig().onVercel)
  const body = await request.text()
  if (body.length > MAX_LEASE_BYTES) return Response.json({ message: 'Body too large.' }, { status: 413 })
  let input: unknown
  try {
    input = JSON.parse(body)
  } catch {
    return Response.json({ message: 'Not a lease request.' }, { status: 400 })
  }
  const asked = parseLeaseRequest(input)
  if (!asked) return Response.json({ message: 'Not a lease request.' }, { status: 400 })
  const userAgent = request.headers.get('user-agent') ?? ''
  if (isbot(userAgent) || isSearchEngine(userAgent)) return none()
  if (!leases.allow(client)) return Response.json({ message: 'Too many requests.' }, { status: 429 })
  const settings = await voiceSettingsNow()
  if (!settings?.enabled || settings.pool.length === 0) return none()
  const now = Date.now()
  const db = await withinMs(configuredVoiceDb(), 1_000)
  if (!db) return none()
  const cookies = request.headers.get('cookie')
  const token = verifiedLanding(parseCookie(cookies ?? '')[LANDING_COOKIE])
  const claimed = parseTap({ page: asked.page, source: 'lease', variantKey: asked.variantKey })
  if (!claimed) return none()
  const { tap, served } = verifiedTap(claimed, await servedFacts(request, asked.page))
  // Routing's facts: the landing address's location code as the server signed it into the token (when the
  // location data knows it), and the pest the keyword or the page names.
  const place = token?.place && placeOfCode(token.place) ? token.place : ''
  const routing = { place, pest: pestOfVisit(`${tap.keyword} ${tap.page.replaceAll('-', ' ')}`, settings.pests) }
  // The A/B visitor the server itself enrolled (its signed version cookie), so a call converts that visitor, not a lease.
  const visit = { ...visitFacts(tap, asked, keptClick(cookies), optedOut(cookies, request.headers.get('sec-gpc')), routing), ...(served ? { visitor: visitorKey(served.visitor) } : {}) }
  const ask = { token, page: asked.page, leaseId: isLeaseId(asked.lease) ? asked.lease : '', client }
  const outcome = await withinMs(
    leaseForLanding(db, settings.pool, settings.poolRestMs, settings.leaseLimits, visit, ask, siteSecret(), now, settings.timeZone).catch((error: unknown) => {
      console.error(`[voice] no lease: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }),
    1_000,
  )
  const lease = outcome?.lease
  if (!lease || !settings.pool.includes(lease.number)) return none()
  return Response.json({ number: lease.number, lease: lease.id, expiresAt: lease.expiresAt }, { headers: NO_STORE })
}
