import type { NextRequest } from 'next/server'
import { budgetLimiter } from '@/lib/taps/rateLimit'
import { configuredVoiceDb } from '@/lib/calls/db'
import { exportConversions, feedAccess, parseSince } from '@/lib/calls/exportConversions'
import { forwardedClient } from '@/lib/net/forwardedClient'
import { serverConfig } from '@/lib/config'
import { voiceSettingsNow } from '@/content/voiceRuntime'
import { withinMs } from '@/lib/calls/deadline'

/**
 * Google Ads' scheduled upload (Data manager → HTTPS source) fetches qualified calls here as offline click
 * conversions, the same file as `npm run calls:export -- --google-ads` (web/lib/calls/googleAds.ts). HTTP basic
 * auth with CONVERSIONS_FEED_USER / CONVERSIONS_FEED_PASSWORD; not set up → 404. `?braid=1`: the GBRAID/WBRAID
 * file; `?since=YYYY-MM-DD`; `?header-first=1`: no time zone row (Data manager wants the column names first).
 */
export const dynamic = 'force-dynamic'

/** Wrong passwords a minute: 10 per address, 30 per network, no overall cap (the right pair is never budgeted). */
const failures = budgetLimiter({ name: 'conversion feed wrong passwords', perAddress: 10, perNetwork: 30, total: Infinity, windowMs: 60_000 })
const plain = (status: number, text: string, headers: Record<string, string> = {}) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } })

export async function GET(request: NextRequest) {
  const access = feedAccess(request.headers.get('authorization'), forwardedClient(request.headers, serverConfig().onVercel), failures)
  if (access === 'not set up') return plain(404, 'Not found.\n')
  if (access === 'too many wrong') return plain(429, 'Too many requests.\n')
  if (access === 'wrong') return plain(401, 'Sign in with the feed’s user and password.\n', { 'www-authenticate': 'Basic realm="conversions", charset="UTF-8"' })
  const since = parseSince(request.nextUrl.searchParams.get('since'))
  if (since === null) return plain(400, 'since must be a date, YYYY-MM-DD.\n')
  const [settings, db] = await Promise.all([voiceSettingsNow(), withinMs(configuredVoiceDb(), 5_000)])
  if (!settings || !db) return plain(503, 'The call store or the settings did not answer; try again.\n')
  const kind = request.nextUrl.searchParams.get('braid') === '1' ? 'braid' : 'gclid'
  const file = await exportConversions(db, settings, kind, since, Date.now(), { headerFirst: request.nextUrl.searchParams.get('header-first') === '1' })
  return new Response(file.csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `inline; filename="google-ads${kind === 'braid' ? '-braid' : ''}.csv"` } })
}
