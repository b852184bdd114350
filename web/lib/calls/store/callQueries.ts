import type { Kysely, Selectable } from 'kysely'
import type { Database, VoiceTables } from '../../db/schema.ts'
import type { ClickKind, StoredCall } from './types.ts'
import { isOutcome } from '../outcomes/rules.ts'

/** What the reports, the A/B verdict by calls and the conversion export read from the call store. */

export function toCall(row: Selectable<VoiceTables['voice_calls']>): StoredCall {
  return {
    callSid: row.call_sid,
    trackingNumber: row.tracking_number,
    caller: row.caller,
    startedAt: Number(row.started_at),
    status: row.status,
    talkSeconds: Number(row.talk_known) === 0 ? null : Number(row.talk_seconds),
    qualified: Number(row.qualified) === 1,
    firstTime: Number(row.first_time) === 1,
    leaseId: row.lease_id,
    page: String(row.page),
    keyword: String(row.keyword),
    location: String(row.location),
    experiment: String(row.experiment),
    version: String(row.version),
    campaign: String(row.campaign),
    clickKind: String(row.click_kind) as ClickKind,
    clickId: String(row.click_id),
    landedAt: row.landed_at === null ? null : Number(row.landed_at),
    outcome: isOutcome(row.outcome) ? row.outcome : '',
    outcomeReason: String(row.outcome_reason ?? ''),
    outcomeBy: String(row.outcome_by ?? ''),
    bookedValue: row.outcome_value_cents === null || row.outcome_value_cents === undefined ? null : Number(row.outcome_value_cents) / 100,
    recordingSid: row.recording_sid ?? null,
    recordingSeconds: row.recording_seconds === null || row.recording_seconds === undefined ? null : Number(row.recording_seconds),
  }
}

/** Calls started at or after `since`, oldest first (at most `limit`). */
export async function callsSince(db: Kysely<Database>, since: number, limit = 10_000): Promise<StoredCall[]> {
  const rows = await db.selectFrom('voice_calls').selectAll().where('started_at', '>=', since).orderBy('started_at', 'asc').orderBy('call_sid', 'asc').limit(limit).execute()
  return rows.map(toCall)
}

/** Qualified calls joined to an ad click, oldest first: what the conversion export reads. */
export async function qualifiedClickCalls(db: Kysely<Database>, since: number): Promise<StoredCall[]> {
  const rows = await db
    .selectFrom('voice_calls')
    .selectAll()
    .where('started_at', '>=', since)
    .where('qualified', '=', 1)
    .where('click_id', '!=', '')
    .orderBy('started_at', 'asc')
    .orderBy('call_sid', 'asc')
    .execute()
  return rows.map(toCall)
}

/** Notes which click and conversion name were handed to Google Ads (first time only). */
export async function noteExported(db: Kysely<Database>, rows: readonly { clickId: string; conversionName: string; callSid: string; value?: number }[], now: number): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('voice_exports')
    .values(rows.map((row) => ({ click_id: row.clickId, conversion_name: row.conversionName, call_sid: row.callSid, first_exported_at: now, value_cents: row.value === undefined ? null : Math.round(row.value * 100) })))
    .onConflict((conflict) => conflict.columns(['click_id', 'conversion_name']).doNothing())
    .execute()
}

/**
 * Per day: `peak`, the most ad visits that wanted a pool number at once (served or turned away by a full
 * pool); `overflow`, asks a full pool turned away; `refused`, asks turned away before the pool was looked at
 * (no landing token, over a network's or an address's cap) — never demand.
 */
export async function poolDays(db: Kysely<Database>, sinceDay: string): Promise<{ day: string; peak: number; overflow: number; refused: number }[]> {
  const rows = await db.selectFrom('voice_pool_days').selectAll().where('day', '>=', sinceDay).orderBy('day', 'desc').execute()
  return rows.map((row) => ({ day: row.day, peak: Number(row.peak), overflow: Number(row.overflow), refused: Number(row.refused) }))
}

/**
 * Per A/B test and version, over the test's life: visits shown a pool number (one lease each) and, of them,
 * those with a qualified call — what the verdict by calls compares.
 */
export async function poolVisitsByArm(db: Kysely<Database>): Promise<{ experiment: string; version: string; visitors: number; converters: number }[]> {
  const visits = await db
    .selectFrom('voice_leases')
    .select(['experiment', 'version', (eb) => eb.fn.countAll<number>().as('visitors')])
    .where('experiment', '!=', '')
    .groupBy(['experiment', 'version'])
    .execute()
  const converted = await db
    .selectFrom('voice_calls')
    .select(['experiment', 'version', (eb) => eb.fn.count<number>('lease_id').distinct().as('converters')])
    .where('experiment', '!=', '')
    .where('qualified', '=', 1)
    .where('lease_id', 'is not', null)
    .groupBy(['experiment', 'version'])
    .execute()
  const key = (row: { experiment: string; version: string }) => `${row.experiment}\u0000${row.version}`
  const converters = new Map(converted.map((row) => [key(row), Number(row.converters)]))
  return visits.map((row) => ({ experiment: row.experiment, version: row.version, visitors: Number(row.visitors), converters: converters.get(key(row)) ?? 0 }))
}

/** A call handed to an ad platform: what it was worth then, and when its outcome last changed (null: never since). */
export interface ExportedCall {
  call: StoredCall
  conversionName: string
  exportedAt: number
  exportedValue: number | null
  changedAt: number | null
}

/** Calls handed over under `conversionName` since `since` (oldest call first), with their latest change of outcome after the hand-over. */
export async function exportedCalls(db: Kysely<Database>, conversionName: string, since: number): Promise<ExportedCall[]> {
  const rows = await db
    .selectFrom('voice_exports as e')
    .innerJoin('voice_calls as c', 'c.call_sid', 'e.call_sid')
    .selectAll('c')
    .select(['e.conversion_name as exported_name', 'e.first_exported_at', 'e.value_cents'])
    .select((eb) =>
      eb
        .selectFrom('voice_outcome_changes as o')
        .select((inner) => inner.fn.max('o.at').as('at'))
        .whereRef('o.call_sid', '=', 'e.call_sid')
        .whereRef('o.at', '>', 'e.first_exported_at')
        .as('changed_at'),
    )
    .where('e.conversion_name', '=', conversionName)
    .where('e.first_exported_at', '>=', since)
    .orderBy('c.started_at', 'asc')
    .orderBy('c.call_sid', 'asc')
    .execute()
  return rows.map((row) => ({
    call: toCall(row),
    conversionName: row.exported_name,
    exportedAt: Number(row.first_exported_at),
    exportedValue: row.value_cents === null ? null : Number(row.value_cents) / 100,
    changedAt: row.changed_at === null || row.changed_at === undefined ? null : Number(row.changed_at),
  }))
}
