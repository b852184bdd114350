import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { LEASE_MS } from '../settings.ts'
import { localTime } from '../../localTime.ts'
import type { Lease, VisitFacts } from '../store/types.ts'

/** The number pool: lending a visit a number, keeping it while the page is open, and each day's peak and overflow. */

/** The site's day of `at` (Site settings → Call tracking's time zone; UTC when none is given). */
const dayOf = (at: number, timeZone = 'UTC') => localTime(at, timeZone).slice(0, 10)

/** A page that still shows its number asks again at least every 5 minutes while visible: a lease silent longer is kept by no page. */
export const HEARTBEAT_MS = 6 * 60_000

async function notePoolDay(db: Kysely<Database>, at: number, needed: number, overflow: number, refused = 0, { timeZone, unkept = 0 }: { timeZone?: string; unkept?: number } = {}): Promise<void> {
  await db
    .insertInto('voice_pool_days')
    .values({ day: dayOf(at, timeZone), peak: needed, overflow, refused, unkept })
    .onConflict((conflict) =>
      conflict.column('day').doUpdateSet({
        peak: sql<number>`CASE WHEN voice_pool_days.peak > excluded.peak THEN voice_pool_days.peak ELSE excluded.peak END`,
        overflow: sql<number>`voice_pool_days.overflow + excluded.overflow`,
        refused: sql<number>`voice_pool_days.refused + excluded.refused`,
        unkept: sql<number>`CASE WHEN voice_pool_days.unkept > excluded.unkept THEN voice_pool_days.unkept ELSE excluded.unkept END`,
      }),
    )
    .execute()
}

/** A lease ask turned away before the pool was looked at (no landing token, over a cap): counted apart from a full pool. */
export async function noteRefusedLease(db: Kysely<Database>, at: number, timeZone?: string): Promise<void> {
  await notePoolDay(db, at, 0, 0, 1, timeZone ? { timeZone } : {})
}

/** How long a lease may last: LEASE_MS from now, never past the landing token's lifetime. */
export interface LeaseTerms {
  /** When the landing token that holds the lease stops being valid (epoch ms); no lease outlives it. */
  until?: number
  timeZone?: string
}

const leaseEnd = (now: number, terms: LeaseTerms) => Math.min(now + LEASE_MS, terms.until ?? Infinity)

/** Who holds a lease: the landing token that took it and keyed hashes of the visitor's network and address. */
export interface LeaseHolder {
  token: string
  networkKey: string
  addressKey: string
}

/**
 * Ad visits that want a number now: the live leases, and the visits a full pool turned away that would still
 * hold one (one per landing token, for LEASE_MS). The pool's true pressure, served or not.
 */
async function wantingNow(db: Kysely<Database>, pool: readonly string[], now: number): Promise<number> {
  const waiting = await db.selectFrom('voice_pool_wants').select((eb) => eb.fn.countAll<number>().as('count')).where('wanted_until', '>', now).executeTakeFirst()
  return (await activeLeases(db, pool, now)) + Number(waiting?.count ?? 0)
}

/**
 * Lends a visit a pool number for LEASE_MS: the free number that has rested longest (least recently used
 * first; a released number rests `restMs` first, so a late call still finds its own visit). Taken by a
 * compare-and-set on the number's row, so two instances never lend one number twice. Null when the pool
 * is full (counted for the day, with the numbers that moment needed).
 */
export async function leaseNumber(db: Kysely<Database>, pool: readonly string[], visit: VisitFacts, now: number, restMs: number, holder?: LeaseHolder, terms: LeaseTerms = {}): Promise<Lease | null> {
  if (pool.length === 0 || leaseEnd(now, terms) <= now) return null
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
    const expiresAt = leaseEnd(now, terms)
    const taken = await db
      .updateTable('voice_pool')
      .set({ lease_id: id, leased_until: expiresAt })
      .where('number', '=', free.number)
      .where('leased_until', '=', free.leased_until)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) continue
    await db
      .insertInto('voice_leases')
      .values({ id, number: free.number, leased_at: now, expires_at: expiresAt, seen_at: now, page: visit.page, keyword: visit.keyword, location: visit.location, experiment: visit.experiment, version: visit.version, campaign: visit.campaign, click_kind: visit.clickKind, click_id: visit.clickId, place: visit.place ?? '', pest: visit.pest ?? '', visitor: visit.visitor ?? '', ...(holder ? { token: holder.token, network_key: holder.networkKey, address_key: holder.addressKey } : {}) })
      .execute()
    if (holder) await db.deleteFrom('voice_pool_wants').where('token', '=', holder.token).execute()
    await notePoolDay(db, now, await wantingNow(db, pool, now), 0, 0, { timeZone: terms.timeZone })
    return { id, number: free.number, expiresAt }
  }
  // Full: this visit wants a number as long as a lease would have lasted (once per landing token).
  const want = holder?.token || randomBytes(16).toString('base64url')
  await db
    .insertInto('voice_pool_wants')
    .values({ token: want, wanted_until: now + LEASE_MS })
    .onConflict((conflict) => conflict.column('token').doUpdateSet({ wanted_until: now + LEASE_MS }))
    .execute()
  await db.deleteFrom('voice_pool_wants').where('wanted_until', '<=', now).execute()
  // How many of the numbers in use no page keeps alive (no heartbeat): pressure from those is not demand.
  const unkept = await db.selectFrom('voice_leases').select((eb) => eb.fn.countAll<number>().as('count')).where('number', 'in', [...pool]).where('expires_at', '>', now).where('seen_at', '<', now - HEARTBEAT_MS).executeTakeFirst()
  await notePoolDay(db, now, await wantingNow(db, pool, now), 1, 0, { timeZone: terms.timeZone, unkept: Number(unkept?.count ?? 0) })
  return null
}

async function activeLeases(db: Kysely<Database>, pool: readonly string[], now: number): Promise<number> {
  const row = await db.selectFrom('voice_pool').select((eb) => eb.fn.countAll<number>().as('count')).where('number', 'in', [...pool]).where('leased_until', '>', now).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * Keeps a visit's number while its page is open: another LEASE_MS from now, never past the landing token's
 * lifetime (`terms.until`). Null when the lease has ended (the page then asks anew). With `token`, only the
 * landing token that took the lease extends it. Each extension is the page's heartbeat (`seen_at`).
 */
export async function extendLease(db: Kysely<Database>, id: string, now: number, token?: string, terms: LeaseTerms = {}): Promise<Lease | null> {
  const lease = await db.selectFrom('voice_leases').select(['number', 'expires_at', 'token']).where('id', '=', id).executeTakeFirst()
  if (!lease || Number(lease.expires_at) < now) return null
  if (token !== undefined && lease.token !== token) return null
  const expiresAt = leaseEnd(now, terms)
  if (expiresAt <= now) return null
  const held = await db.updateTable('voice_pool').set({ leased_until: expiresAt }).where('number', '=', lease.number).where('lease_id', '=', id).executeTakeFirst()
  if (Number(held.numUpdatedRows) !== 1) return null
  await db.updateTable('voice_leases').set({ expires_at: expiresAt, seen_at: now }).where('id', '=', id).execute()
  return { id, number: lease.number, expiresAt }
}

/** A new lease id nobody can guess (the page keeps it to extend its lease). */
export function isLeaseId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value)
}
