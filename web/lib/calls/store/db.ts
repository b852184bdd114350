import type { Kysely } from 'kysely'
import { configuredStore, openStore } from '../../db/index.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import type { Database } from '../../db/schema.ts'

/**
 * The call store is the store of record (web/lib/db): PostgreSQL at DATABASE_URL, else the site's SQLite
 * file. These give call tracking's code the same Kysely, typed to its own tables.
 */
export async function configuredVoiceDb(): Promise<Kysely<Database>> {
  return (await configuredStore()).db
}

/** A SQLite file's store (migrated when opened): scripts and tests. */
export async function openVoiceDb(file: string): Promise<Kysely<Database>> {
  return (await openStore({ sqlite: file })).db
}

/** A PostgreSQL store with its schema applied, as `npm run db:migrate` would: tests. */
export async function openPostgresVoiceDb(url: string): Promise<Kysely<Database>> {
  const { db } = await openStore({ postgres: url })
  await migrateToLatest(db)
  return db
}
