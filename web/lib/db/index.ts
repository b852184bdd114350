import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { readConfig, type Env } from '../config.ts'
import { migrateToLatest } from './migrate.ts'
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

export type StoreTarget = { postgres: string; poolMax?: number } | { sqlite: string }

/** Connection limits: a stalled database holds at most poolMax connections and each waits a bounded time. */
const CONNECT_TIMEOUT_MS = 2_000
const QUERY_TIMEOUT_MS = 5_000

/**
 * A pg Pool for the app's connection string. Queries go as unnamed statements (pg names a statement
 * only when asked to), which Supabase's transaction pooler (Supavisor, PgBouncer) accepts.
 */
export function postgresPool(url: string, max = 5): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS, idleTimeoutMillis: 10_000, allowExitOnIdle: true })
  // An idle connection dropped by the server (a restart, the pooler) must not end the process.
  pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`))
  return pool
}

export async function openStore(target: StoreTarget): Promise<Store> {
  if ('postgres' in target) {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(target.postgres, target.poolMax) }) })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqliteFile(target.sqlite)) })
  // One file, one instance: it brings its own schema up to date. A second process opening the same file
  // at the same moment may lose the race for a migration's row; it then finds the work done.
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db)
      break
    } catch (error) {
      if (attempt >= 3) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
  return { db, dialect: 'sqlite', close: () => db.destroy() }
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

let configured: Promise<Store> | undefined

/** This process's store, opened once (DATABASE_URL, else the SQLite file). */
export function configuredStore(): Promise<Store> {
  configured ??= openStore(storeTarget()).catch((error: unknown) => {
    configured = undefined
    throw error
  })
  return configured
}
