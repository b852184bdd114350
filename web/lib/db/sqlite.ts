import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { sql, SqliteAdapter, SqliteDialect, type DialectAdapter, type Kysely, type SqliteDatabase, type SqliteStatement } from 'kysely'

/**
 * Kysely's SqliteDialect over node:sqlite (nothing to install). Kysely 0.29 ships no node:sqlite
 * dialect: its SqliteDialect speaks better-sqlite3's shape (a `reader` flag, parameters as one array),
 * so this adapter gives a DatabaseSync that shape, and keeps each prepared statement for reuse.
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new NodeSqliteDialect({ database: adapt(database) })
}

/**
 * Kysely's SQLite migration lock only guards one process. Two processes opening one file at once (a
 * server and `npm run calls:report`) take SQLite's own write lock instead: the migrations run inside
 * BEGIN IMMEDIATE, so the second waits (busy_timeout) and then finds them applied.
 */
class NodeSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`BEGIN IMMEDIATE`.execute(db)
  }
  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`COMMIT`.execute(db)
  }
}

class NodeSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new NodeSqliteAdapter()
  }
}

const MAX_STATEMENTS = 200

function adapt(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = statements.get(sql)
      if (cached) return cached
      const statement = wrap(database.prepare(sql))
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
      statements.set(sql, statement)
      return statement
    },
  }
}

type Value = null | number | bigint | string | NodeJS.ArrayBufferView

function wrap(statement: StatementSync): SqliteStatement {
  const values = (parameters: ReadonlyArray<unknown>) => parameters.map((value): Value => (typeof value === 'boolean' ? (value ? 1 : 0) : value === undefined ? null : (value as Value)))
  return {
    // A statement that returns rows (SELECT, or RETURNING) has result columns.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...values(parameters)),
    run: (parameters) => statement.run(...values(parameters)),
    iterate: (parameters) => statement.iterate(...values(parameters)),
  }
}

/** How long a write waits for another process's lock: scripts wait; the site never does (`busyTimeoutMs: 0`). */
export const SCRIPT_BUSY_TIMEOUT_MS = 5_000

/**
 * Opens (creating its folder) a SQLite file for the store or the outbox. WAL with synchronous=NORMAL: a commit
 * is not fsynced one by one (SQLite's advice for WAL); a power cut may lose the last rows, never the file.
 * busy_timeout: how long a write waits when another process holds the file's write lock. node:sqlite is
 * synchronous, so that wait blocks the whole event loop: the site opens its store with 0 — a write that finds
 * the file busy fails at once, and the outboxes keep the record until the file is free — while a script may wait.
 */
export function openSqliteFile(file: string, { busyTimeoutMs = SCRIPT_BUSY_TIMEOUT_MS } = {}): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const database = new DatabaseSync(file)
  database.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))};`)
  return database
}
