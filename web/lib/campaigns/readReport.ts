import { callLog } from '../calls/store.ts'
import type { StoreSource } from '../db/index.ts'
import { experimentVisitors } from './experimentVisitors.ts'
import { buildCallsReport, reportSince, type CallsReport } from './report.ts'

/** The Calls report from the store of record: what the Studio's Calls tool and `npm run calls:report -- --json` show. */
export async function readCallsReport(store: StoreSource, now = new Date()): Promise<CallsReport> {
  const since = reportSince(now)
  const [taps, counts] = await Promise.all([
    callLog(store).summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since }),
    experimentVisitors(store).counts(),
  ])
  return buildCallsReport(since, taps, counts)
}
