import { callLog } from '../taps/store.ts'
import { storeOf, type StoreSource } from '../db/index.ts'
import { buildVoiceReport } from '../calls/report.ts'
import { callsSince, poolDays, poolVisitsByArm } from '../calls/store/store.ts'
import { callDetailsSince } from '../calls/outcomes/records.ts'
import type { VoiceSettings } from '../calls/settings.ts'
import { experimentVisitors } from '../taps/experimentVisitors.ts'
import { failedTexts, legsSince } from '../calls/store/legRecords.ts'
import { buildCallsReport, reportSince, type CallsReport } from './report.ts'

/**
 * The Calls report from the store of record: taps, A/B visitors and, with call tracking, the calls and the
 * number pool. What the Studio's Calls tool and `npm run calls:report -- --json` show.
 */
export async function readCallsReport(store: StoreSource, now = new Date(), settings?: Pick<VoiceSettings, 'outcomes' | 'timeZone'>): Promise<CallsReport> {
  const since = reportSince(now)
  const { db } = await storeOf(store)
  // The Providers view shows this month and the two before it.
  const monthsSince = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1) - 86_400_000
  const [taps, counts, calls, days, poolVisits, details, legs, texts] = await Promise.all([
    callLog(store).summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since }),
    experimentVisitors(store).counts(),
    callsSince(db, Date.parse(`${since}T00:00:00Z`)),
    poolDays(db, since),
    poolVisitsByArm(db),
    callDetailsSince(db, Date.parse(`${since}T00:00:00Z`)),
    legsSince(db, monthsSince),
    failedTexts(db, monthsSince),
  ])
  const timeZone = settings?.timeZone ?? 'America/New_York'
  const routing = { legs, timeZone, failedTexts: texts, since: Date.parse(`${since}T00:00:00Z`) }
  return buildCallsReport(since, taps, counts, buildVoiceReport(calls, days, poolVisits, { ...details, values: settings?.outcomes, timeZone: settings?.timeZone, routing }))
}
