import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { CallStatus, Database, VoiceTables } from '../db/schema.ts'
import { LEASE_MS } from './settings.ts'

export type { CallStatus, VoiceTables } from '../db/schema.ts'

/**
 * The call store: calls, the number pool and its leases, Twilio requests already handled, and conversion
 * exports, over one Kysely instance (SQLite or PostgreSQL; tables in web/lib/db/migrations/0004_voice.ts).
 * Times are epoch milliseconds; flags are 0/1. Every write is idempotent per Twilio request, so a retried
 * webhook or two instances seeing the same call store it once.
 */


export type ClickKind = '' | 'gclid' | 'gbraid' | 'wbraid' | 'msclkid'

/** What a visit holding a pool number is joined by: never the visitor, only the page and the ad. */
export interface VisitFacts {
  page: string
  keyword: string
  location: string
  experiment: string
  version: string
  campaign: string
  clickKind: ClickKind
  clickId: string
}

export interface StoredCall extends VisitFacts {
  callSid: string
  trackingNumber: string
  caller: string | null
  startedAt: number
  status: CallStatus
  talkSeconds: number
  qualified: boolean
  firstTime: boolean
  leaseId: string | null
  landedAt: number | null
}

export interface Lease {
  id: string
  number: string
  expiresAt: number
}

export interface IncomingCall {
  callSid: string
  /** The tracking number called (Twilio's `To`). */
  to: string
  /** The caller (Twilio's `From`), E.164; '' when withheld. */
  from: string
  callerKey: string
  at: number
}

export interface CallOutcome {
  callSid: string
  to: string
  from: string
  callerKey: string
  /** Twilio's DialCallStatus. */
  dialStatus: string
  talkSeconds: number
  at: number
}

export interface JoinRules {
  /** The pool's numbers: a call to one joins the visit holding it at the call's start. */
  pool: readonly string[]
  /** Campaign rule numbers → the campaign a call to one joins. */
  campaignNumbers: ReadonlyMap<string, string>
}

export interface QualifyRules {
  minTalkSeconds: number
  firstCallerDays: number
}

const DAY_MS = 86_400_000

/** Marks a Twilio request handled; false when it was handled before (a retry), so nothing is stored twice. */
async function firstTime(db: Kysely<Database>, endpoint: string, callSid: string, at: number): Promise<boolean> {
  const result = await db
    .insertInto('voice_webhooks')
    .values({ endpoint, call_sid: callSid, received_at: at })
    .onConflict((conflict) => conflict.columns(['endpoint', 'call_sid']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

async function joinedVisit(db: Kysely<Database>, number: string, at: number, rules: JoinRules) {
  if (rules.pool.includes(number)) {
    const lease = await db
      .selectFrom('voice_leases')
      .selectAll()
      .where('number', '=', number)
      .where('leased_at', '<=', at)
      .where('expires_at', '>=', at)
      .orderBy('leased_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (lease) {
      const { id, page, keyword, location, experiment, version, campaign, click_kind, click_id, leased_at } = lease
      return { lease_id: id, page, keyword, location, experiment, version, campaign, click_kind, click_id, landed_at: Number(leased_at) }
    }
    return {}
  }
  const campaign = rules.campaignNumbers.get(number)
  return campaign ? { campaign } : {}
}

/** "A call comes in": the call as Twilio announced it, joined to the visit or campaign its number belongs to. False for a retry. */
export async function recordIncoming(db: Kysely<Database>, call: IncomingCall, rules: JoinRules): Promise<boolean> {
  if (!(await firstTime(db, 'incoming', call.callSid, call.at))) return false
  const joined = await joinedVisit(db, call.to, call.at, rules)
  await db
    .insertInto('voice_calls')
    .values({ call_sid: call.callSid, tracking_number: call.to, caller: call.from || null, caller_key: call.callerKey, started_at: call.at, status: 'ringing', lease_id: null, landed_at: null, ended_at: null, ...joined })
    .onConflict((conflict) => conflict.column('call_sid').doUpdateSet({ started_at: call.at, lease_id: null, ...joined }))
    .execute()
  return true
}

export function callStatusOf(dialStatus: string): CallStatus {
  if (dialStatus === 'completed' || dialStatus === 'answered') return 'answered'
  if (dialStatus === 'busy') return 'busy'
  return 'missed'
}

/**
 * The forwarded call's outcome (`<Dial action>`): answered, missed or busy, the talk time, and whether it is
 * a qualified call — answered, at least the minimum talk time, and the caller's first answered call within
 * the set days (looked up by the keyed hash, so it works after the number itself is gone). False for a retry.
 */
export async function recordOutcome(db: Kysely<Database>, outcome: CallOutcome, rules: QualifyRules & JoinRules): Promise<boolean> {
  if (!(await firstTime(db, 'status', outcome.callSid, outcome.at))) return false
  const existing = await db.selectFrom('voice_calls').select(['started_at', 'caller_key']).where('call_sid', '=', outcome.callSid).executeTakeFirst()
  const startedAt = existing ? Number(existing.started_at) : outcome.at - outcome.talkSeconds * 1000
  const callerKey = existing?.caller_key || outcome.callerKey
  const status = callStatusOf(outcome.dialStatus)
  const talkSeconds = status === 'answered' ? Math.max(0, Math.floor(outcome.talkSeconds)) : 0
  let first = true
  if (rules.firstCallerDays > 0 && callerKey) {
    const earlier = await db
      .selectFrom('voice_calls')
      .select('call_sid')
      .where('caller_key', '=', callerKey)
      .where('call_sid', '!=', outcome.callSid)
      .where('status', '=', 'answered')
      .where('started_at', '<', startedAt)
      .where('started_at', '>=', startedAt - rules.firstCallerDays * DAY_MS)
      .limit(1)
      .executeTakeFirst()
    first = !earlier
  }
  const qualified = status === 'answered' && talkSeconds >= rules.minTalkSeconds && first
  const result = { status, talk_seconds: talkSeconds, first_time: first ? 1 : 0, qualified: qualified ? 1 : 0, ended_at: outcome.at }
  if (existing) {
    await db.updateTable('voice_calls').set(result).where('call_sid', '=', outcome.callSid).execute()
  } else {
    // The announcement was lost or is still on its way from another instance: the outcome alone makes the call.
    const joined = await joinedVisit(db, outcome.to, startedAt, rules)
    await db
      .insertInto('voice_calls')
      .values({ call_sid: outcome.callSid, tracking_number: outcome.to, caller: outcome.from || null, caller_key: callerKey, started_at: startedAt, lease_id: null, landed_at: null, ...joined, ...result })
      .onConflict((conflict) => conflict.column('call_sid').doUpdateSet(result))
      .execute()
  }
  return true
}

/** Forgets callers' numbers of calls started before `before` (the keyed hash stays, for the first-caller rule). */
export async function forgetCallers(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.updateTable('voice_calls').set({ caller: null }).where('started_at', '<', before).where('caller', 'is not', null).executeTakeFirst()
  return Number(result.numUpdatedRows)
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10)

async function notePoolDay(db: Kysely<Database>, at: number, needed: number, overflow: number): Promise<void> {
  await db
    .insertInto('voice_pool_days')
    .values({ day: dayOf(at), peak: needed, overflow })
    .onConflict((conflict) =>
      conflict.column('day').doUpdateSet({
        peak: sql<number>`CASE WHEN voice_pool_days.peak > excluded.peak THEN voice_pool_days.peak ELSE excluded.peak END`,
        overflow: sql<number>`voice_pool_days.overflow + excluded.overflow`,
      }),
    )
    .execute()
}

/**
 * Lends a visit a pool number for LEASE_MS: the free number that has rested longest (least recently used
 * first; a released number rests `restMs` first, so a late call still finds its own visit). Taken by a
 * compare-and-set on the number's row, so two instances never lend one number twice. Null when the pool
 * is full (counted for the day, with the numbers that moment needed).
 */
export async function leaseNumber(db: Kysely<Database>, pool: readonly string[], visit: VisitFacts, now: number, restMs: number): Promise<Lease | null> {
  if (pool.length === 0) return null
  await db
    .insertInto('voice_pool')
    .values(pool.map((number) => ({ number, lease_id: null, leased_until: 0 })))
    .onConflict((conflict) => conflict.column('number').doNothing())
    .execute()
  for (let attempt = 0; attempt < 5; attempt++) {
    const free = await db
      .selectFrom('voice_pool')
      .select(['number', 'leased_until'])
      .where('number', 'in', [...pool])
      .where('leased_until', '<=', now - restMs)
      .orderBy('leased_until', 'asc')
      .orderBy('number', 'asc')
      .limit(1)
      .executeTakeFirst()
    if (!free) break
    const id = randomBytes(16).toString('base64url')
    const expiresAt = now + LEASE_MS
    const taken = await db
      .updateTable('voice_pool')
      .set({ lease_id: id, leased_until: expiresAt })
      .where('number', '=', free.number)
      .where('leased_until', '=', free.leased_until)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) continue
    await db
      .insertInto('voice_leases')
      .values({ id, number: free.number, leased_at: now, expires_at: expiresAt, page: visit.page, keyword: visit.keyword, location: visit.location, experiment: visit.experiment, version: visit.version, campaign: visit.campaign, click_kind: visit.clickKind, click_id: visit.clickId })
      .execute()
    await notePoolDay(db, now, await activeLeases(db, pool, now), 0)
    return { id, number: free.number, expiresAt }
  }
  await notePoolDay(db, now, (await activeLeases(db, pool, now)) + 1, 1)
  return null
}

async function activeLeases(db: Kysely<Database>, pool: readonly string[], now: number): Promise<number> {
  const row = await db.selectFrom('voice_pool').select((eb) => eb.fn.countAll<number>().as('count')).where('number', 'in', [...pool]).where('leased_until', '>', now).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Keeps a visit's number while its page is open: another LEASE_MS from now. Null when the lease has ended (the page then asks anew). */
export async function extendLease(db: Kysely<Database>, id: string, now: number): Promise<Lease | null> {
  const lease = await db.selectFrom('voice_leases').select(['number', 'expires_at']).where('id', '=', id).executeTakeFirst()
  if (!lease || Number(lease.expires_at) < now) return null
  const expiresAt = now + LEASE_MS
  const held = await db.updateTable('voice_pool').set({ leased_until: expiresAt }).where('number', '=', lease.number).where('lease_id', '=', id).executeTakeFirst()
  if (Number(held.numUpdatedRows) !== 1) return null
  await db.updateTable('voice_leases').set({ expires_at: expiresAt }).where('id', '=', id).execute()
  return { id, number: lease.number, expiresAt }
}

/** A new lease id nobody can guess (the page keeps it to extend its lease). */
export function isLeaseId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value)
}

function toCall(row: Selectable<VoiceTables['voice_calls']>): StoredCall {
  return {
    callSid: row.call_sid,
    trackingNumber: row.tracking_number,
    caller: row.caller,
    startedAt: Number(row.started_at),
    status: row.status,
    talkSeconds: Number(row.talk_seconds),
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
export async function noteExported(db: Kysely<Database>, rows: readonly { clickId: string; conversionName: string; callSid: string }[], now: number): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('voice_exports')
    .values(rows.map((row) => ({ click_id: row.clickId, conversion_name: row.conversionName, call_sid: row.callSid, first_exported_at: now })))
    .onConflict((conflict) => conflict.columns(['click_id', 'conversion_name']).doNothing())
    .execute()
}

export async function poolDays(db: Kysely<Database>, sinceDay: string): Promise<{ day: string; peak: number; overflow: number }[]> {
  const rows = await db.selectFrom('voice_pool_days').selectAll().where('day', '>=', sinceDay).orderBy('day', 'desc').execute()
  return rows.map((row) => ({ day: row.day, peak: Number(row.peak), overflow: Number(row.overflow) }))
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
