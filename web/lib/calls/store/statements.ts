import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { zonedInstant } from '../../localTime.ts'
import { buildStatement, type CallFacts, type Statement } from '../../providers/statement.ts'
import { legsSince } from './legRecords.ts'
import { disputeCredits } from '../../providers/credits.ts'

/** Where a month (YYYY-MM) of the site's zone begins and ends, in epoch ms (end exclusive). */
export function monthBounds(month: string, timeZone: string): { from: number; until: number } {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return { from: zonedInstant(year, index, 1, timeZone), until: zonedInstant(index === 12 ? year + 1 : year, index === 12 ? 1 : index + 1, 1, timeZone) }
}

/** The calls' facts a statement prints beside their legs: the caller, the page and when the call started. */
export async function callFacts(db: Kysely<Database>, callSids: readonly string[]): Promise<Map<string, CallFacts>> {
  const facts = new Map<string, CallFacts>()
  for (let i = 0; i < callSids.length; i += 500) {
    const rows = await db.selectFrom('voice_calls').select(['call_sid', 'caller', 'page', 'started_at']).where('call_sid', 'in', callSids.slice(i, i + 500)).execute()
    for (const row of rows) facts.set(row.call_sid, { caller: row.caller, page: row.page, startedAt: Number(row.started_at) })
  }
  return facts
}

/**
 * One month's statement (optionally one provider's) from the store: every leg of the calls started in that month
 * of the site's zone. `npm run calls:statement`, the Calls tool and the providers' portal read it here.
 */
export async function readStatement(db: Kysely<Database>, month: string, timeZone: string, providerId?: string): Promise<Statement> {
  const { from, until } = monthBounds(month, timeZone)
  // A leg rings at most minutes after its call starts: a day either side holds every leg of the month's calls.
  const legs = await legsSince(db, from - 86_400_000, { until: until + 86_400_000, ...(providerId ? { providerId } : {}) })
  const calls = await callFacts(db, [...new Set(legs.map((leg) => leg.callSid))])
  // Accepted disputes of the providers' portal are credits on the statement (web/lib/providers/credits.ts).
  return buildStatement(month, legs, calls, timeZone, providerId, await disputeCredits(db, [...calls.keys()]))
}
