import { createHash, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { callValue, clickWindowStart, conversionFile, type ConversionFile, type ExportKind } from './googleAds.ts'
import { googleAdjustmentFile, microsoftFile, type AdjustmentRow, type MicrosoftFile } from './adjustments.ts'
import { exportedCalls, noteExported, qualifiedClickCalls, type ExportedCall, type StoredCall } from '../store/store.ts'
import { creditedCalls } from '../../providers/credits.ts'
import type { Database } from '../../db/schema.ts'
import { serverConfig, type Config } from '../../config.ts'
import type { VoiceSettings } from '../settings.ts'
import type { RateLimiter } from '../../taps/rateLimit.ts'

/** The conversion file the CLI prints and the feed serves (the same bytes), noting which clicks were handed over. */
export async function exportConversions(db: Kysely<Database>, settings: VoiceSettings, kind: ExportKind, since: number, now: number, options: { headerFirst?: boolean } = {}): Promise<ConversionFile> {
  const credited = await creditedCalls(db, 0)
  const file = conversionFile(withCredits(await qualifiedClickCalls(db, since), credited), settings, kind, now, options)
  if (kind !== 'enhanced') await noteExported(db, file.rows.map(({ call }) => ({ clickId: call.clickId, conversionName: settings.conversionName, callSid: call.callSid, value: callValue(call, settings) })), now)
  return file
}

/** Google's conversion adjustment file: the exported calls of the last 90 days whose outcome changed since. */
export async function exportGoogleAdjustments(db: Kysely<Database>, settings: VoiceSettings, now: number): Promise<{ csv: string; rows: AdjustmentRow[] }> {
  return googleAdjustmentFile(creditedChanges(await exportedCalls(db, settings.conversionName, clickWindowStart(now)), await creditedCalls(db, 0)), settings, now)
}

/** Microsoft Advertising's offline conversions with their Restate/Retract rows, noting the conversions handed over. */
export async function exportMicrosoft(db: Kysely<Database>, settings: VoiceSettings, since: number, now: number): Promise<MicrosoftFile> {
  const [qualified, exported, credited] = await Promise.all([qualifiedClickCalls(db, since), exportedCalls(db, settings.conversionName, clickWindowStart(now)), creditedCalls(db, 0)])
  const file = microsoftFile(withCredits(qualified, credited), creditedChanges(exported, credited), settings, now)
  await noteExported(db, file.conversions.map((call) => ({ clickId: call.clickId, conversionName: settings.conversionName, callSid: call.callSid, value: callValue(call, settings) })), now)
  return file
}

/**
 * A call whose provider's dispute was credited (web/lib/providers/credits.ts) earned nothing: it is never handed
 * over, and one handed over before the credit is taken back, at the credit's time, like any change of outcome.
 */
const earnedNothing = (call: StoredCall): StoredCall => ({ ...call, qualified: false, outcome: '', payout: 0 })
const withCredits = (calls: readonly StoredCall[], credited: ReadonlyMap<string, number>): StoredCall[] => calls.map((call) => (credited.has(call.callSid) ? earnedNothing(call) : call))
function creditedChanges(exported: readonly ExportedCall[], credited: ReadonlyMap<string, number>): ExportedCall[] {
  return exported.map((one) => {
    const at = credited.get(one.call.callSid)
    return at === undefined || at <= one.exportedAt ? one : { ...one, call: earnedNothing(one.call), changedAt: Math.max(one.changedAt ?? 0, at) }
  })
}

/** `--since YYYY-MM-DD` / `?since=`: midnight UTC of that day, or 0 (everything kept). Null when malformed. */
export function parseSince(value: string | null | undefined): number | null {
  if (!value) return 0
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const at = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(at) ? null : at
}

/**
 * HTTP basic auth against CONVERSIONS_FEED_USER / CONVERSIONS_FEED_PASSWORD: null when the feed is not set up
 * (both must be set), else whether the Authorization header carries them. Both sides are hashed first, so the
 * comparison takes the same time whatever the lengths.
 */
export function feedCredentialsMatch(authorization: string | null, feed: Config['conversionsFeed'] = serverConfig().conversionsFeed): boolean | null {
  if (!feed) return null
  const { user, password } = feed
  const given = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '')?.[1]
  const decoded = given ? Buffer.from(given, 'base64').toString('utf8') : ''
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return timingSafeEqual(digest(decoded), digest(`${user}:${password}`))
}

export type FeedAccess = 'not set up' | 'allowed' | 'wrong' | 'too many wrong'

/**
 * Who may read the feed, credentials first: the right pair is always let in, never budgeted, so others'
 * failures can never lock Google out. Only a wrong pair costs, and only its own address's and network's
 * budget of failures (`failures`), which then answers "too many" to that network alone.
 */
export function feedAccess(authorization: string | null, client: string, failures: RateLimiter, feed: Config['conversionsFeed'] = serverConfig().conversionsFeed): FeedAccess {
  const match = feedCredentialsMatch(authorization, feed)
  if (match === null) return 'not set up'
  if (match) return 'allowed'
  return failures.allow(client) ? 'wrong' : 'too many wrong'
}
