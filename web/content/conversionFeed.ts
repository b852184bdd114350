import { budgetLimiter } from '../lib/taps/rateLimit.ts'
import { configuredVoiceDb } from '../lib/calls/db.ts'
import { feedCredentialsMatch, parseSince } from '../lib/calls/exportConversions.ts'
import { withinMs } from '../lib/calls/deadline.ts'
import type { VoiceSettings } from '../lib/calls/settings.ts'
import type { Kysely } from 'kysely'
import type { Database } from '../lib/db/schema.ts'
import { voiceSettingsNow } from './voiceRuntime.ts'

/**
 * The conversion feeds the ad platforms fetch on a schedule (/api/conversions/*.csv), each the same bytes as
 * `npm run calls:export` with the matching flags: HTTP basic auth with CONVERSIONS_FEED_USER /
 * CONVERSIONS_FEED_PASSWORD (not set up → 404, wrong pair → 401), `?since=YYYY-MM-DD`, the settings the
 * webhooks read and the store of record.
 */
const checks = budgetLimiter({ name: 'conversion feed checks', perAddress: 30, perNetwork: 120, total: 300, windowMs: 60_000 })
const plain = (status: number, text: string, headers: Record<string, string> = {}) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } })

export async function conversionFeed(
  request: Request,
  filename: string,
  produce: (input: { db: Kysely<Database>; settings: VoiceSettings; since: number; now: number; params: URLSearchParams }) => Promise<string>,
): Promise<Response> {
  const client = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown'
  const match = feedCredentialsMatch(request.headers.get('authorization'))
  if (match === null) return plain(404, 'Not found.\n')
  if (!checks.allow(client)) return plain(429, 'Too many requests.\n')
  if (!match) return plain(401, 'Sign in with the feed’s user and password.\n', { 'www-authenticate': 'Basic realm="conversions", charset="UTF-8"' })
  const params = new URL(request.url).searchParams
  const since = parseSince(params.get('since'))
  if (since === null) return plain(400, 'since must be a date, YYYY-MM-DD.\n')
  const [settings, db] = await Promise.all([voiceSettingsNow(), withinMs(configuredVoiceDb(), 5_000)])
  if (!settings || !db) return plain(503, 'The call store or the settings did not answer; try again.\n')
  const csv = await produce({ db, settings, since, now: Date.now(), params })
  return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `inline; filename="${filename}"` } })
}
