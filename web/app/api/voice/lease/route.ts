import type { NextRequest } from 'next/server'
import { isbot } from 'isbot'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { parseTap } from '@/lib/taps/tap'
import { verifiedTap } from '@/lib/taps/verify'
import { isSearchEngine } from '@/lib/personalization/header'
import { configuredVoiceDb } from '@/lib/calls/db'
import { isAdVisit, keptClick, MAX_LEASE_BYTES, optedOut, parseLeaseRequest, visitFacts } from '@/lib/calls/lease'
import { voiceSettingsNow } from '@/content/voiceRuntime'
import { withinMs } from '@/lib/calls/deadline'
import { extendLease, isLeaseId, leaseNumber } from '@/lib/calls/store'
import { servedFacts } from '@/content/servedFacts'
import { pestOfVisit } from '@/lib/calls/routing'
import { placeOfCode } from '@/lib/providers/where'

/**
 * Dynamic number insertion: an ad visit's page asks here, after it has loaded, for a pool number of its own
 * (30 minutes, extended while the page stays open). `{number: null}` keeps the number the page shows:
 * call tracking off, a bot, not an ad visit, a full pool, or the store not answering within a second.
 */
export const dynamic = 'force-dynamic'

const NO_STORE = { 'cache-control': 'no-store' }
const leases = budgetLimiter({ name: 'number leases', perAddress: 20, perNetwork: 120, total: 20_000, windowMs: 60_000 })
const none = () => Response.json({ number: null }, { headers: NO_STORE })

export async function POST(request: NextRequest) {
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
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
  if (isLeaseId(asked.lease)) {
    const held = await withinMs(extendLease(db, asked.lease, now), 1_000)
    if (held && settings.pool.includes(held.number)) return Response.json({ number: held.number, lease: held.id, expiresAt: held.expiresAt }, { headers: NO_STORE })
  }
  const cookies = request.headers.get('cookie')
  const click = keptClick(cookies)
  if (!isAdVisit(asked, click)) return none()
  const claimed = parseTap({ page: asked.page, source: 'lease', variantKey: asked.variantKey })
  if (!claimed) return none()
  const { tap } = verifiedTap(claimed, await servedFacts(request, asked.page))
  // Routing's facts: a location code the location data knows, and the pest the keyword or the page names.
  const routing = { place: asked.place && placeOfCode(asked.place) ? asked.place : '', pest: pestOfVisit(`${tap.keyword} ${tap.page.replaceAll('-', ' ')}`, settings.pests) }
  const visit = visitFacts(tap, asked, click, optedOut(cookies, request.headers.get('sec-gpc')), routing)
  const lease = await withinMs(
    leaseNumber(db, settings.pool, visit, now, settings.poolRestMs).catch((error: unknown) => {
      console.error(`[voice] no lease: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }),
    1_000,
  )
  if (!lease) return none()
  return Response.json({ number: lease.number, lease: lease.id, expiresAt: lease.expiresAt }, { headers: NO_STORE })
}
