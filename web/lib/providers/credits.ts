import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { StatementCredit } from './statement.ts'

/**
 * The credits a statement nets out: disputes of these calls credited at once by a rule or accepted by the owner
 * (portal_disputes, written by web/lib/portal/disputes.ts). Read here, below the portal and the call store, so
 * `npm run calls:statement`, the Calls tool and the portal net out the same credits.
 */
export const CREDITED_STATUSES = ['credited', 'accepted'] as const

export async function disputeCredits(db: Kysely<Database>, callSids: readonly string[]): Promise<StatementCredit[]> {
  const credits: StatementCredit[] = []
  for (let i = 0; i < callSids.length; i += 500) {
    const rows = await db
      .selectFrom('portal_disputes')
      .select(['call_sid', 'provider_id', 'amount_cents', 'reason', 'status'])
      .where('call_sid', 'in', callSids.slice(i, i + 500))
      .where('status', 'in', [...CREDITED_STATUSES])
      .execute()
    for (const row of rows) credits.push({ callSid: row.call_sid, providerId: row.provider_id, amountCents: Number(row.amount_cents), reason: `dispute ${row.status === 'credited' ? 'credited' : 'accepted'}: ${row.reason.replaceAll('-', ' ')}` })
  }
  return credits
}

/** Calls credited since `since` (when the credit was given), for the ad platforms' adjustment files: each call's latest credit time. */
export async function creditedCalls(db: Kysely<Database>, since: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('portal_disputes').select(['call_sid', 'decided_at']).where('status', 'in', [...CREDITED_STATUSES]).where('decided_at', '>=', since).execute()
  const credited = new Map<string, number>()
  for (const row of rows) credited.set(row.call_sid, Math.max(credited.get(row.call_sid) ?? 0, Number(row.decided_at)))
  return credited
}
