import type { Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Database } from './schema.ts'
import { migrationProvider } from './migrations/index.ts'

export const MIGRATE_COMMAND = 'npm run db:migrate'

function migrator(db: Kysely<Database>) {
  return new Migrator({ db, provider: migrationProvider })
}

/**
 * Applies every migration not yet applied, in order. On PostgreSQL Kysely holds an advisory lock for
 * the run (so two runs at once apply each migration once) and runs it in one transaction; applied names
 * are kept in kysely_migration. Returns the names applied by this run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest()
  if (error) {
    const failed = results.find((result) => result.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/** The migrations this code expects that the database has not applied yet. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name)
}

/**
 * At a server's start: refuses (throws) when the database's schema is behind; a database that cannot be
 * reached is only reported (the numbers wait in the outbox until it answers).
 */
export async function checkSchemaAtStart(db: Kysely<Database>, warn: (message: string) => void = console.warn): Promise<void> {
  let pending: string[]
  try {
    pending = await pendingMigrations(db)
  } catch (error) {
    warn(`[db] could not check the database schema (${error instanceof Error ? error.message : String(error)}): numbers are kept locally until it answers.`)
    return
  }
  if (pending.length > 0) throw new Error(`The database schema is behind this code (not applied: ${pending.join(', ')}). Run ${MIGRATE_COMMAND} (with DATABASE_MIGRATION_URL or DATABASE_URL set), then start again.`)
}
