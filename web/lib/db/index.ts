import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { readConfig, type Env } from '../config.ts'
import { migrateToLatest, pendingMigrations } from './migrate.ts'
import type { Database } from './schema.ts'
import { nodeSqliteDialect, openSqliteFile } from './sqlite.ts'

export type { Database } from './schema.ts'

/**
 * The store of record for every number the site records (taps, A/B visitors, webhook deliveries),
 * through one query layer (Kysely) over either store:
 * - PostgreSQL when DATABASE_URL is set (Supabase or any Postgres; shared by every instance). Its
 *   schema is applied by `npm run db:migrate`; a server whose schema is behind refuses to start.
 * - else a SQLite file (node:sqlite, CALL_LOG_FILE, default .data/calls.sqlite) for one instance,
 *   migrated when it is opened.
 */
export interface Store {
  db: Kysely<Database>
  dialect: 'postgres' | 'sqlite'
  close(): Promise<void>
}

/** Where the store is; `busyTimeoutMs`: how long a SQLite write waits for another process's lock (openSqliteFile). */
export type StoreTarget = { postgres: string; poolMax?: number } | { sqlite: string; busyTimeoutMs?: number }

/** Connection limits: a stalled database holds at most poolMax connections and each waits a bounded time. */
const CONNECT_TIMEOUT_MS = 2_000
const QUERY_TIMEOUT_MS = 5_000

/**
 * A pg Pool for the app's connection string. Queries go as unnamed statements (pg names a statement
 * only when asked to), which Supabase's transaction pooler (Supavisor, PgBouncer) accepts.
 */
export function postgresPool(url: string, max = 5): pg.Pool {
  // Bounded waits: connecting and each query. No server-side statement_timeout startup parameter: transaction
  // poolers (PgBouncer, Supavisor) refuse unknown startup parameters; set it on the database role if wanted.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS, idleTimeoutMillis: 10_000, allowExitOnIdle: true })
  // A connection dropped by the server (a restart, the pooler) must not end the process: idle ones are
  // reported by the pool, and one checked out between two queries by the client itself.
  pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`))
  pool.on('connect', (client) => client.on('error', (error) => console.error(`[db] connection lost: ${error.message}`)))
  return pool
}

export async function openStore(target: StoreTarget): Promise<Store> {
  if ('postgres' in target) {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(target.postgres, target.poolMax) }) })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqliteFile(target.sqlite, target.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: target.busyTimeoutMs })) })
  // One file, one instance: it brings its own schema up to date when opened.
  await oneAtATime(target.sqlite, async () => {
    if ((await pendingMigrations(db)).length > 0) await migrateToLatest(db)
  })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/**
 * Runs the opens of one SQLite file one after another within this process. node:sqlite is synchronous:
 * a second connection waiting on the first one's migration lock would block the very event loop the
 * first one needs to finish. Kept on globalThis: Next bundles this module more than once in a process.
 */
function oneAtATime(file: string, work: () => Promise<void>): Promise<void> {
  const key = Symbol.for('site.db.sqliteOpens')
  const opens = ((globalThis as Record<symbol, unknown>)[key] ??= new Map<string, Promise<void>>()) as Map<string, Promise<void>>
  const next = (opens.get(file) ?? Promise.resolve()).catch(() => {}).then(work)
  opens.set(file, next)
  return next
}

/** The SQLite file used when no DATABASE_URL is set. */
export function sqliteFile(env: Env = process.env): string {
  // Not traced into the build output: the file is written at run time.
  return path.resolve(/*turbopackIgnore: true*/ readConfig(env).callLogFile || path.join(process.cwd(), '.data', 'calls.sqlite'))
}

export function storeTarget(env: Env = process.env): StoreTarget {
  const { database } = readConfig(env)
  return database ? { postgres: database.url, poolMax: database.poolMax } : { sqlite: sqliteFile(env) }
}

/** A store, or how to get one: a getter is asked at each use, so a store that failed to open is tried again. */
export type StoreSource = Store | Promise<Store> | (() => Promise<Store>)

export const storeOf = (source: StoreSource): Promise<Store> => Promise.resolve(typeof source === 'function' ? source() : source)

/** The process's store, kept on globalThis: Next bundles this module more than once, and every copy must share one connection. */
const CONFIGURED = Symbol.for('site.db.configuredStore')
const holder = globalThis as { [CONFIGURED]?: Promise<Store> }

/**
 * This process's store, opened once and shared by every copy of this module (DATABASE_URL, else the SQLite file).
 * The site's SQLite connection never waits on another process's lock (busy_timeout 0): a write that finds the
 * file busy fails at once and its record waits in an outbox, so pages and webhooks keep their usual pace.
 */
export function configuredStore(): Promise<Store> {
  const target = storeTarget()
  holder[CONFIGURED] ??= openStore('sqlite' in target ? { ...target, busyTimeoutMs: 0 } : target).catch((error: unknown) => {
    holder[CONFIGURED] = undefined
    throw error
  })
  return holder[CONFIGURED]
}
