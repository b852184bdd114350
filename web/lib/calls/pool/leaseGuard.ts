import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { clientKey } from '../../net/clientKey.ts'
import { LANDING_TOKEN_MS, type LandingToken } from '../../personalization/landing.ts'
import { extendLease, leaseNumber, noteRefusedLease, type LeaseHolder } from './leases.ts'
import { LEASE_MS, type LeaseLimits } from '../settings.ts'
import type { Lease, VisitFacts } from '../store/types.ts'

/**
 * Who may hold a pool number: only an ad visit the server answered (its landing token, landing.ts), for no
 * longer than that token lives, one live lease per token, at most `perNetwork` leases per network (IPv4 /24,
 * IPv6 /56) and `perAddress` per address asked for (taken or extended) within a sliding window of LEASE_MS — an
 * office or a carrier's NAT puts many real visitors behind one address, so the caps are not low — and only the
 * token that took a lease extends it. A refusal is counted apart from a full pool (the
 * Calls tool's "refused"), so an attack never reads as demand for more numbers.
 */

export type LeaseOutcome = { lease: Lease } | { lease: null; refused?: 'no landing token' | 'over a network cap' | 'over an address cap' }

export interface LeaseAsk {
  /** The landing token the lease endpoint received, verified (undefined: none or forged). */
  token: LandingToken | undefined
  /** The page asking (its path). */
  page: string
  /** The lease this tab holds, if any. */
  leaseId: string
  /** The client's address as the server saw it. */
  client: string
}

async function liveCount(db: Kysely<Database>, column: 'network_key' | 'address_key' | 'token', value: string, now: number): Promise<number> {
  const row = await db.selectFrom('voice_leases').select((eb) => eb.fn.countAll<number>().as('count')).where(column, '=', value).where('expires_at', '>', now).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * Leases a network or an address asked for, taken or extended, within the last LEASE_MS: a sliding window, so a
 * lease that ended early (its landing token ran out) still counts until its window has passed, and taking numbers
 * one after another cannot go past the cap.
 */
async function windowCount(db: Kysely<Database>, column: 'network_key' | 'address_key', value: string, now: number): Promise<number> {
  const row = await db.selectFrom('voice_leases').select((eb) => eb.fn.countAll<number>().as('count')).where(column, '=', value).where('seen_at', '>', now - LEASE_MS).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** A landing token that may lease a number for `page`: issued for it, within its lifetime, and not from the future. */
function validFor(token: LandingToken, page: string, now: number): boolean {
  return token.page === page && now - token.issuedAt <= LANDING_TOKEN_MS && token.issuedAt <= now + 60_000
}

export async function leaseForLanding(db: Kysely<Database>, pool: readonly string[], restMs: number, limits: LeaseLimits, visit: VisitFacts, ask: LeaseAsk, secret: string, now: number, timeZone?: string): Promise<LeaseOutcome> {
  const { token } = ask
  if (!token) {
    await noteRefusedLease(db, now, timeZone)
    return { lease: null, refused: 'no landing token' }
  }
  const valid = validFor(token, ask.page, now)
  // No lease outlives the landing token that holds it: a visit lands again (a new token) to keep a number longer.
  const terms = { until: token.issuedAt + LANDING_TOKEN_MS, ...(timeZone ? { timeZone } : {}) }
  if (ask.leaseId) {
    const held = await extendLease(db, ask.leaseId, now, token.id, terms)
    if (held) return { lease: held }
    // The same tab landed again (a reload of its ad address): the new token, a valid one for the page asked about,
    // takes over the lease the tab proves by its secret id, so the visit keeps its number and holds no second one.
    const earlier = valid ? await db.selectFrom('voice_leases').select(['leased_at', 'expires_at']).where('id', '=', ask.leaseId).executeTakeFirst() : undefined
    if (earlier && Number(earlier.expires_at) >= now && token.issuedAt > Number(earlier.leased_at) && (await liveCount(db, 'token', token.id, now)) === 0) {
      await db.updateTable('voice_leases').set({ token: token.id }).where('id', '=', ask.leaseId).execute()
      const moved = await extendLease(db, ask.leaseId, now, token.id, terms)
      if (moved) return { lease: moved }
    }
  }
  if (!valid) {
    await noteRefusedLease(db, now, timeZone)
    return { lease: null, refused: 'no landing token' }
  }
  // One live lease per token: a second ask (another tab of the same landing) gets the same number.
  const own = await db.selectFrom('voice_leases').select(['id', 'number', 'expires_at']).where('token', '=', token.id).where('expires_at', '>', now).orderBy('leased_at', 'desc').executeTakeFirst()
  if (own && pool.includes(own.number)) {
    const kept = await extendLease(db, own.id, now, token.id, terms)
    if (kept) return { lease: kept }
  }
  const holder: LeaseHolder = { token: token.id, networkKey: clientKey(secret, 'network', ask.client), addressKey: clientKey(secret, 'address', ask.client) }
  if ((await windowCount(db, 'network_key', holder.networkKey, now)) >= limits.perNetwork) {
    await noteRefusedLease(db, now, timeZone)
    return { lease: null, refused: 'over a network cap' }
  }
  if ((await windowCount(db, 'address_key', holder.addressKey, now)) >= limits.perAddress) {
    await noteRefusedLease(db, now, timeZone)
    return { lease: null, refused: 'over an address cap' }
  }
  const lease = await leaseNumber(db, pool, visit, now, restMs, holder, terms)
  return lease ? { lease } : { lease: null }
}
