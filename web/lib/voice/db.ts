import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import { Migrator, type Migration } from 'kysely/migration'
import * as voiceMigration from '../db/migrations/0050_voice.ts'
import type { VoiceTables } from './store.ts'

/**
 * This branch's own way to a Kysely for the call store: PostgreSQL at DATABASE_URL when set, else node:sqlite
 * at VOICE_DB_FILE (default .data/voice.sqlite), with the voice migration run. The shared query layer
 * (web/lib/db) replaces this file: it opens the one Kysely over PostgreSQL or SQLite and runs every migration.
 */
export function sqliteDatabase(file: string, busyTimeoutMs = 2_000): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  // node:sqlite waits for a lock synchronously, holding the whole process: the site waits briefly and retries later instead.
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))};`)
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value) as SQLInputValue)
  // Kysely's SQLite driver speaks better-sqlite3's statement API; node:sqlite's differs in these few calls.
  return {
    close: () => db.close(),
    prepare(sql) {
      const statement = db.prepare(sql)
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      }
    },
  }
}

export async function migrateVoice(db: Kysely<VoiceTables>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async (): Promise<Record<string, Migration>> => ({ '0050_voice': voiceMigration }) } })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
}

export async function openVoiceDb(file: string, { busyTimeoutMs = 2_000 } = {}): Promise<Kysely<VoiceTables>> {
  const db = new Kysely<VoiceTables>({ dialect: new SqliteDialect({ database: sqliteDatabase(file, busyTimeoutMs) }) })
  await migrateVoice(db)
  return db
}

export function voiceDbFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.VOICE_DB_FILE || path.join(process.cwd(), '.data', 'voice.sqlite'))
}

export async function openPostgresVoiceDb(url: string): Promise<Kysely<VoiceTables>> {
  const db = new Kysely<VoiceTables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 5 }) }) })
  await migrateVoice(db)
  return db
}

let configured: Promise<Kysely<VoiceTables>> | undefined

/** The site's call store, opened once per process (a failed opening is tried again on the next call). */
export function configuredVoiceDb(): Promise<Kysely<VoiceTables>> {
  const url = process.env.DATABASE_URL
  configured ??= (url ? openPostgresVoiceDb(url) : openVoiceDb(voiceDbFile(), { busyTimeoutMs: 50 })).catch((error: unknown) => {
    configured = undefined
    throw error
  })
  return configured
}
