import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Provider } from '../providers/provider.ts'
import { proveDispute, type DisputeReason } from './disputeRules.ts'

/**
 * Disputes in the store of record (portal_disputes, portal_dispute_steps): a provider disputes a payable call of
 * its own within the dispute window; a rule that the data proves credits it at once (disputeRules.ts), else it
 * waits for the owner, who accepts or refuses it with a note in the Studio's Calls tool. A credited or accepted
 * dispute is a credit on the statement of the call's month (web/lib/providers/credits.ts) and takes the call's
 * conversion back in the ad platforms' adjustment files. Every step is kept: who, when, what.
 */
export type DisputeStatus = 'open' | 'credited' | 'accepted' | 'refused'

export interface DisputeStep {
  at: number
  actor: string
  action: string
  note: string
}

export interface DisputeView {
  id: string
  callSid: string
  providerId: string
  reason: DisputeReason
  note: string
  status: DisputeStatus
  /** What a credit gives back, in the conversion currency. */
  amount: number
  openedAt: number
  openedBy: string
  decidedAt: number | null
  decidedBy: string
  decisionNote: string
}

type DisputeRow = { id: string; call_sid: string; provider_id: string; reason: string; note: string; status: string; amount_cents: number; opened_at: number; opened_by: string; decided_at: number | null; decided_by: string; decision_note: string }

const toView = (row: DisputeRow): DisputeView => ({
  id: row.id,
  callSid: row.call_sid,
  providerId: row.provider_id,
  reason: row.reason as DisputeReason,
  note: row.note,
  status: row.status as DisputeStatus,
  amount: Number(row.amount_cents) / 100,
  openedAt: Number(row.opened_at),
  openedBy: row.opened_by,
  decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  decidedBy: row.decided_by,
  decisionNote: row.decision_note,
})

const DAY_MS = 86_400_000
export const NOTE_MAX = 1000

/** The provider's disputes of these calls, by call. */
export async function disputesOf(db: Kysely<Database>, providerId: string, callSids: readonly string[]): Promise<Map<string, DisputeView>> {
  if (callSids.length === 0) return new Map()
  const rows = await db.selectFrom('portal_disputes').selectAll().where('provider_id', '=', providerId).where('call_sid', 'in', [...callSids]).execute()
  return new Map(rows.map((row) => [row.call_sid, toView(row)]))
}

async function step(db: Kysely<Database>, disputeId: string, entry: DisputeStep): Promise<void> {
  await db.insertInto('portal_dispute_steps').values({ id: randomUUID(), dispute_id: disputeId, at: entry.at, actor: entry.actor.slice(0, 200), action: entry.action, note: entry.note.slice(0, NOTE_MAX) }).execute()
}

export interface DisputeInput {
  providerId: string
  callSid: string
  reason: DisputeReason
  note: string
  /** Who opened it: the signed-in address. */
  by: string
  at: number
  disputeDays: number
  /** The provider as the content has it now (its areas), or null when it cannot be read. */
  provider: Provider | null
}

export type DisputeResult = { status: 'opened' | 'credited'; dispute: DisputeView } | { status: 'not-found' | 'not-payable' | 'too-late' | 'exists' }

/** Opens a dispute of the provider's own payable call; the data's proof credits it at once. */
export async function openDispute(db: Kysely<Database>, input: DisputeInput): Promise<DisputeResult> {
  const legs = await db.selectFrom('voice_legs').selectAll().where('call_sid', '=', input.callSid).where('provider_id', '=', input.providerId).orderBy('seq', 'asc').execute()
  if (legs.length === 0) return { status: 'not-found' }
  if ((await disputesOf(db, input.providerId, [input.callSid])).size > 0) return { status: 'exists' }
  const leg = legs.find((candidate) => Number(candidate.payable) === 1)
  if (!leg) return { status: 'not-payable' }
  const call = await db.selectFrom('voice_calls').select('started_at').where('call_sid', '=', input.callSid).executeTakeFirst()
  if (input.at - Number(call?.started_at ?? leg.at) > input.disputeDays * DAY_MS) return { status: 'too-late' }
  const days = Number(leg.duplicate_days) || input.provider?.duplicateDays || 0
  const earlier =
    leg.caller_key && days > 0
      ? await db
          .selectFrom('voice_legs')
          .select('call_sid')
          .where('provider_id', '=', input.providerId)
          .where('caller_key', '=', leg.caller_key)
          .where('payable', '=', 1)
          .where('call_sid', '!=', input.callSid)
          .where('at', '<', Number(leg.at))
          .where('at', '>=', Number(leg.at) - days * DAY_MS)
          .limit(1)
          .executeTakeFirst()
      : undefined
  const proof = proveDispute({ reason: input.reason, leg: { place: leg.place, talkSeconds: Number(leg.talk_seconds), billableSeconds: Number(leg.billable_seconds) }, provider: input.provider, sameCallerWithin: earlier ? days : null })
  const row: DisputeRow = {
    id: randomUUID(),
    call_sid: input.callSid,
    provider_id: input.providerId,
    reason: input.reason,
    note: input.note.trim().slice(0, NOTE_MAX),
    status: proof ? 'credited' : 'open',
    amount_cents: Number(leg.payout_cents),
    opened_at: input.at,
    opened_by: input.by.slice(0, 200),
    decided_at: proof ? input.at : null,
    decided_by: proof ? 'rules' : '',
    decision_note: proof?.note ?? '',
  }
  const inserted = await db
    .insertInto('portal_disputes')
    .values(row)
    .onConflict((conflict) => conflict.columns(['provider_id', 'call_sid']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { status: 'exists' }
  await step(db, row.id, { at: input.at, actor: input.by, action: 'opened', note: `${input.reason}${row.note ? `: ${row.note}` : ''}` })
  if (proof) await step(db, row.id, { at: input.at, actor: 'rules', action: 'credited', note: proof.note })
  return { status: proof ? 'credited' : 'opened', dispute: toView(row) }
}

/** The owner's decision on an open dispute; null when there is no such open dispute. */
export async function decideDispute(db: Kysely<Database>, decision: { id: string; accept: boolean; note: string; by: string; at: number }): Promise<DisputeView | null> {
  const status = decision.accept ? 'accepted' : 'refused'
  const note = decision.note.trim().slice(0, NOTE_MAX)
  const updated = await db
    .updateTable('portal_disputes')
    .set({ status, decided_at: decision.at, decided_by: decision.by.slice(0, 200), decision_note: note })
    .where('id', '=', decision.id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) return null
  await step(db, decision.id, { at: decision.at, actor: decision.by, action: status, note })
  const row = await db.selectFrom('portal_disputes').selectAll().where('id', '=', decision.id).executeTakeFirstOrThrow()
  return toView(row)
}

export interface OwnerDispute extends DisputeView {
  callStartedAt: number | null
  steps: DisputeStep[]
}

/** The owner's list: every open dispute (oldest first), then those decided since `since` (newest first), each with its steps. */
export async function ownerDisputes(db: Kysely<Database>, since: number): Promise<OwnerDispute[]> {
  const open = await db.selectFrom('portal_disputes').selectAll().where('status', '=', 'open').orderBy('opened_at', 'asc').limit(500).execute()
  const decided = await db.selectFrom('portal_disputes').selectAll().where('status', '!=', 'open').where('decided_at', '>=', since).orderBy('decided_at', 'desc').limit(500).execute()
  const rows = [...open, ...decided]
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [steps, calls] = await Promise.all([
    db.selectFrom('portal_dispute_steps').selectAll().where('dispute_id', 'in', ids).orderBy('at', 'asc').execute(),
    db.selectFrom('voice_calls').select(['call_sid', 'started_at']).where('call_sid', 'in', rows.map((row) => row.call_sid)).execute(),
  ])
  const started = new Map(calls.map((call) => [call.call_sid, Number(call.started_at)]))
  return rows.map((row) => ({
    ...toView(row),
    callStartedAt: started.get(row.call_sid) ?? null,
    steps: steps.filter((entry) => entry.dispute_id === row.id).map((entry) => ({ at: Number(entry.at), actor: entry.actor, action: entry.action, note: entry.note })),
  }))
}
