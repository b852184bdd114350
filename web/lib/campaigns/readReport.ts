import { sqliteCallLog } from '../calls/store.ts'
import { sqliteExperimentVisitors } from './experimentVisitors.ts'
import { buildCallsReport, reportSince, type CallsReport } from './report.ts'
import type { Kysely } from 'kysely'
import { buildVoiceReport, EMPTY_VOICE_REPORT } from '../voice/report.ts'
import { callsSince, poolDays, poolVisitsByArm, type VoiceTables } from '../voice/store.ts'

/**
 * The Calls report from the call log's SQLite file and, with call tracking, the call store: what the
 * Studio's Calls tool and `npm run calls:report -- --json` show.
 */
export async function readCallsReport(file: string, now = new Date(), voiceDb?: Kysely<VoiceTables>): Promise<CallsReport> {
  const since = reportSince(now)
  const sinceMs = Date.parse(`${since}T00:00:00Z`)
  const voice = voiceDb ? buildVoiceReport(await callsSince(voiceDb, sinceMs), await poolDays(voiceDb, since), await poolVisitsByArm(voiceDb)) : EMPTY_VOICE_REPORT
  const taps = await sqliteCallLog(file).summary({ by: ['page', 'keyword', 'experiment', 'arm', 'number'], sinceDay: since })
  const visitors = sqliteExperimentVisitors(file)
  try {
    return buildCallsReport(since, taps, visitors.counts(), voice)
  } finally {
    visitors.close()
  }
}
