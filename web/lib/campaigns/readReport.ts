import { callLog } from '../taps/store.ts'
import { storeOf, type StoreSource } from '../db/index.ts'
import { buildVoiceReport } from '../calls/report.ts'
import { callsSince, poolDays, poolVisitsByArm, qualifiedCallsByVersion } from '../calls/store/store.ts'
import { callDetailsSince } from '../calls/outcomes/records.ts'
import type { VoiceSettings } from '../calls/settings.ts'
import { experimentVisitors } from '../taps/experimentVisitors.ts'
import { failedTexts, legsSince } from '../calls/store/legRecords.ts'
import { callFacts } from '../calls/store/statements.ts'
import { disputeCredits } from '../providers/credits.ts'
import { textAlarm } from '../calls/texts/budget.ts'
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
  const [taps, counts, calls, days, poolVisits, details, legs, texts, versionCalls] = await Promise.all([
    callLog(store).summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since }),
    experimentVisitors(store).counts(),
    callsSince(db, Date.parse(`${since}T00:00:00Z`)),
    poolDays(db, since),
    poolVisitsByArm(db),
    callDetailsSince(db, Date.parse(`${since}T00:00:00Z`)),
    legsSince(db, monthsSince),
    failedTexts(db, monthsSince),
    // Each A/B version's qualified calls over its test's life: an ended test keeps them past the report's days.
    qualifiedCallsByVersion(db),
  ])
  const timeZone = settings?.timeZone ?? 'America/New_York'
  const sids = [...new Set(legs.map((leg) => leg.callSid))]
  const routing = { legs, timeZone, failedTexts: texts, since: Date.parse(`${since}T00:00:00Z`), calls: await callFacts(db, sids), textAlarm: await textAlarm(db, now.getTime()), credits: await disputeCredits(db, sids) }
  return buildCallsReport(since, taps, counts, buildVoiceReport(calls, days, poolVisits, { ...details, values: settings?.outcomes, timeZone: settings?.timeZone, routing }), versionCalls)
}
