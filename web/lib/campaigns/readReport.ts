import { sqliteCallLog } from '../calls/store.ts'
import { sqliteExperimentVisitors } from './experimentVisitors.ts'
import { buildCallsReport, reportSince, type CallsReport } from './report.ts'

/** The Calls report from the call log's SQLite file: what the Studio's Calls tool and `npm run calls:report -- --json` show. */
export async function readCallsReport(file: string, now = new Date()): Promise<CallsReport> {
  const since = reportSince(now)
  const taps = await sqliteCallLog(file).summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since })
  const visitors = sqliteExperimentVisitors(file)
  try {
    return buildCallsReport(since, taps, visitors.counts())
  } finally {
    visitors.close()
  }
}
