import type { Kysely, Selectable } from 'kysely'
import type { Database, VoiceTables } from '../../db/schema.ts'
import type { ClickKind, StoredCall } from './types.ts'
import { countsAsQualified, isOutcome } from '../outcomes/rules.ts'

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
    payout: row.payout_cents === null || row.payout_cents === undefined ? null : Number(row.payout_cents) / 100,
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
 * (no landing token, over a network's or an address's cap) — never demand; `unkept`, the most numbers held by
 * pages that no longer asked for them (no heartbeat) when the pool was full — pressure, but not demand.
 */
export async function poolDays(db: Kysely<Database>, sinceDay: string): Promise<{ day: string; peak: number; overflow: number; refused: number; unkept: number }[]> {
  const rows = await db.selectFrom('voice_pool_days').selectAll().where('day', '>=', sinceDay).orderBy('day', 'desc').execute()
  return rows.map((row) => ({ day: row.day, peak: Number(row.peak), overflow: Number(row.overflow), refused: Number(row.refused), unkept: Number(row.unkept) }))
}

/**
 * Per A/B test and version, over the test's life: visits shown a pool number (one lease each, shown for
 * information) and the version's enrolled visitors with a qualified call — the converters the verdict by calls
 * sets against the version's enrolled visitors.
 */
export async function poolVisitsByArm(db: Kysely<Database>): Promise<{ experiment: string; version: string; visitors: number; converters: number }[]> {
  const visits = await db
    .selectFrom('voice_leases')
    .select(['experiment', 'version', (eb) => eb.fn.countAll<number>().as('visitors')])
    .where('experiment', '!=', '')
    .groupBy(['experiment', 'version'])
    .execute()
  // A converter is an enrolled visitor (confirmed by the page's beacon, experiment_visitors) whose leased number got a
  // qualified call — never a lease: leases nobody calls on cannot move a version, and one visitor converts once.
  const converted = await db
    .selectFrom('voice_calls as c')
    .innerJoin('voice_leases as l', 'l.id', 'c.lease_id')
    .innerJoin('experiment_visitors as v', (join) => join.onRef('v.experiment', '=', 'l.experiment').onRef('v.visitor', '=', 'l.visitor').onRef('v.arm', '=', 'l.version'))
    .select(['l.experiment as experiment', 'l.version as version', (eb) => eb.fn.count<number>('l.visitor').distinct().as('converters')])
    .where('l.experiment', '!=', '')
    .where('l.visitor', '!=', '')
    .where('c.qualified', '=', 1)
    .groupBy(['l.experiment', 'l.version'])
    .execute()
  const key = (row: { experiment: string; version: string }) => `${row.experiment}\u0000${row.version}`
  const converters = new Map(converted.map((row) => [key(row), Number(row.converters)]))
  return visits.map((row) => ({ experiment: row.experiment, version: row.version, visitors: Number(row.visitors), converters: converters.get(key(row)) ?? 0 }))
}

/**
 * Per A/B test and version, over the test's whole life: its qualified calls (an outcome set on a call decides, as
 * everywhere else), so a test that ended before the report's days still shows them in the Calls tool.
 */
export async function qualifiedCallsByVersion(db: Kysely<Database>): Promise<{ experiment: string; version: string; calls: number }[]> {
  const rows = await db
    .selectFrom('voice_calls')
    .select(['experiment', 'version', 'qualified', 'outcome', (eb) => eb.fn.countAll<number | string>().as('calls')])
    .where('experiment', '!=', '')
    .groupBy(['experiment', 'version', 'qualified', 'outcome'])
    .execute()
  const totals = new Map<string, { experiment: string; version: string; calls: number }>()
  for (const row of rows) {
    if (!countsAsQualified({ outcome: row.outcome, qualified: Number(row.qualified) === 1 })) continue
    const key = `${row.experiment}\u0000${row.version}`
    const total = totals.get(key) ?? { experiment: String(row.experiment), version: String(row.version), calls: 0 }
    total.calls += Number(row.calls)
    totals.set(key, total)
  }
  return [...totals.values()]
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
