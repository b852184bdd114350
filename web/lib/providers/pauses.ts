import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * A provider's own pauses, kept in the store of record (provider_pauses, migrations/0009_portal.ts) so every
 * instance reads the same: "Pause new calls" from now until resumed (or until a time), and away dates ahead.
 * The provider sets them in its portal (web/lib/portal); the router leaves a paused provider out of new calls
 * (`pausedReader`, read at most a second old, so every instance honours a pause within 2 s); the owner sees
 * them in the Calls tool. A resumed pause or a removed away period is ended, never deleted: every step is kept.
 */
export interface Pause {
  id: string
  providerId: string
  kind: 'pause' | 'away'
  startsAt: number
  /** null: until resumed. */
  endsAt: number | null
  createdBy: string
  createdAt: number
}

export type PauseTarget = { providerId: string; by: string; at: number }

/** Pauses in force at `now` or later: started and not over, or ahead; ended ones left out. */
function live(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('provider_pauses')
    .selectAll()
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
}

const toPause = (row: { id: string; provider_id: string; kind: string; starts_at: number; ends_at: number | null; created_by: string; created_at: number }): Pause => ({
  id: row.id,
  providerId: row.provider_id,
  kind: row.kind === 'away' ? 'away' : 'pause',
  startsAt: Number(row.starts_at),
  endsAt: row.ends_at === null ? null : Number(row.ends_at),
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
})

/** The providers paused at `now` (a pause or an away period in force): one query, every instance the same answer. */
export async function pausedProviders(db: Kysely<Database>, now: number): Promise<Set<string>> {
  const rows = await live(db, now).where('starts_at', '<=', now).execute()
  return new Set(rows.map((row) => row.provider_id))
}

export interface PausedReader {
  /** The providers paused at `now`, as read at most `ttlMs` ago; the last answer when the store fails. */
  get(now?: number): Promise<ReadonlySet<string>>
}

/**
 * `pausedProviders` kept for at most `ttlMs` (default 1 s), so routing asks the store at most once a second per
 * instance while a pause made on any instance is honoured by every other within 2 s. Reads at once share one
 * query; a store that fails keeps the last answer (said on stderr), never dropping a call for it.
 */
export function pausedReader(open: () => Promise<Kysely<Database>>, { ttlMs = 1_000, clock = () => Date.now() }: { ttlMs?: number; clock?: () => number } = {}): PausedReader {
  let value: ReadonlySet<string> = new Set()
  let readAt = -Infinity
  let reading: Promise<ReadonlySet<string>> | null = null
  return {
    get(now = clock()) {
      if (clock() - readAt < ttlMs) return Promise.resolve(value)
      const started = clock()
      reading ??= open()
        .then((db) => pausedProviders(db, now))
        .then((paused) => {
          value = paused
          readAt = started
          return value
        })
        .catch((error: unknown) => {
          console.error(`[providers] pauses not read: ${error instanceof Error ? error.message : String(error)}`)
          return value
        })
        .finally(() => {
          reading = null
        })
      return reading
    },
  }
}

/** A provider's pause in force now (if any) and its away periods ahead, soonest first. */
export async function pausesOf(db: Kysely<Database>, providerId: string, now: number): Promise<{ current: Pause | null; ahead: Pause[] }> {
  const rows = (await live(db, now).where('provider_id', '=', providerId).orderBy('starts_at', 'asc').execute()).map(toPause)
  const inForce = rows.filter((pause) => pause.startsAt <= now)
  // Of several in force, the one lasting longest says when calls come again (null: until resumed).
  const current = inForce.sort((a, b) => (b.endsAt ?? Infinity) - (a.endsAt ?? Infinity))[0] ?? null
  return { current, ahead: rows.filter((pause) => pause.startsAt > now) }
}

/** Every provider's pauses in force or ahead (the owner's view), soonest first. */
export async function livePauses(db: Kysely<Database>, now: number): Promise<Pause[]> {
  return (await live(db, now).orderBy('starts_at', 'asc').execute()).map(toPause)
}

/** "Pause new calls": from now, until resumed or `until`. A pause already in force is replaced. */
export async function pauseNow(db: Kysely<Database>, target: PauseTarget & { until: number | null }): Promise<Pause> {
  if (target.until !== null && target.until <= target.at) throw new RangeError('The pause must end after now.')
  await endInForce(db, target, 'pause')
  const pause: Pause = { id: randomUUID(), providerId: target.providerId, kind: 'pause', startsAt: target.at, endsAt: target.until, createdBy: target.by, createdAt: target.at }
  await db.insertInto('provider_pauses').values({ id: pause.id, provider_id: pause.providerId, kind: 'pause', starts_at: pause.startsAt, ends_at: pause.endsAt, created_at: pause.createdAt, created_by: pause.createdBy, ended_at: null }).execute()
  return pause
}

/** "Resume calls": every pause and away period in force ends now; away periods ahead stay. */
export async function resume(db: Kysely<Database>, target: PauseTarget): Promise<number> {
  return endInForce(db, target)
}

async function endInForce(db: Kysely<Database>, target: PauseTarget, kind?: 'pause'): Promise<number> {
  let query = db
    .updateTable('provider_pauses')
    .set({ ended_at: target.at, ended_by: target.by })
    .where('provider_id', '=', target.providerId)
    .where('ended_at', 'is', null)
    .where('starts_at', '<=', target.at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', target.at)]))
  if (kind) query = query.where('kind', '=', kind)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Away dates: no new calls from `from` to `to` (epoch ms); refused when they are over already or backwards. */
export async function addAway(db: Kysely<Database>, target: PauseTarget & { from: number; to: number }): Promise<Pause> {
  if (!(target.to > target.from) || target.to <= target.at) throw new RangeError('The away dates must end after they start, and after now.')
  const pause: Pause = { id: randomUUID(), providerId: target.providerId, kind: 'away', startsAt: Math.max(target.from, target.at), endsAt: target.to, createdBy: target.by, createdAt: target.at }
  await db.insertInto('provider_pauses').values({ id: pause.id, provider_id: pause.providerId, kind: 'away', starts_at: pause.startsAt, ends_at: pause.endsAt, created_at: pause.createdAt, created_by: pause.createdBy, ended_at: null }).execute()
  return pause
}

/** Removes one of the provider's own away periods (by its id and the provider's: another's is not found). */
export async function removeAway(db: Kysely<Database>, target: PauseTarget & { id: string }): Promise<boolean> {
  const result = await db
    .updateTable('provider_pauses')
    .set({ ended_at: target.at, ended_by: target.by })
    .where('id', '=', target.id)
    .where('provider_id', '=', target.providerId)
    .where('kind', '=', 'away')
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
