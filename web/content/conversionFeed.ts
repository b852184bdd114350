import { budgetLimiter } from '../lib/taps/rateLimit.ts'
import { configuredVoiceDb } from '../lib/calls/store/db.ts'
import { feedAccess, parseSince } from '../lib/calls/exports/exportConversions.ts'
import { serverConfig } from '../lib/config.ts'
import { forwardedClient } from '../lib/net/forwardedClient.ts'
import { withinMs } from '../lib/calls/deadline.ts'
import type { VoiceSettings } from '../lib/calls/settings.ts'
import type { Kysely } from 'kysely'
import type { Database } from '../lib/db/schema.ts'
import { voiceSettingsNow } from './voiceRuntime.ts'

/**
 * The conversion feeds the ad platforms fetch on a schedule (/api/conversions/*.csv), each the same bytes as
 * `npm run calls:export` with the matching flags: HTTP basic auth with CONVERSIONS_FEED_USER /
 * CONVERSIONS_FEED_PASSWORD (not set up → 404, wrong pair → 401, a network's too many wrong pairs → 429),
 * `?since=YYYY-MM-DD`, the settings the webhooks read and the store of record.
 */
/** Wrong passwords a minute: 10 per address, 30 per network, no overall cap (the right pair is never budgeted). */
const failures = budgetLimiter({ name: 'conversion feed wrong passwords', perAddress: 10, perNetwork: 30, total: Infinity, windowMs: 60_000 })
const plain = (status: number, text: string, headers: Record<string, string> = {}) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } })

export async function conversionFeed(
  request: Request,
  filename: string,
  produce: (input: { db: Kysely<Database>; settings: VoiceSettings; since: number; now: number; params: URLSearchParams }) => Promise<string>,
): Promise<Response> {
  const access = feedAccess(request.headers.get('authorization'), forwardedClient(request.headers, serverConfig().onVercel), failures)
  if (access === 'not set up') return plain(404, 'Not found.\n')
  if (access === 'too many wrong') return plain(429, 'Too many requests.\n')
  if (access === 'wrong') return plain(401, 'Sign in with the feed’s user and password.\n', { 'www-authenticate': 'Basic realm="conversions", charset="UTF-8"' })
  const params = new URL(request.url).searchParams
  const since = parseSince(params.get('since'))
  if (since === null) return plain(400, 'since must be a date, YYYY-MM-DD.\n')
  const [settings, db] = await Promise.all([voiceSettingsNow(), withinMs(configuredVoiceDb(), 5_000)])
  if (!settings || !db) return plain(503, 'The call store or the settings did not answer; try again.\n')
  const csv = await produce({ db, settings, since, now: Date.now(), params })
  return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `inline; filename="${filename}"` } })
}
