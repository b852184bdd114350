// Brings the store of record's schema up to date (web/lib/db/migrations): over DATABASE_MIGRATION_URL,
// else DATABASE_URL (PostgreSQL), else the local SQLite file. Idempotent, and safe to run from several
// machines at once (PostgreSQL: an advisory lock; each migration applied once, in one transaction).
// Usage: npm run db:migrate
import nextEnv from '@next/env'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readConfig } from '../../web/lib/config.ts'
import { openStore, sqliteFile } from '../../web/lib/db/index.ts'
import { migrateToLatest } from '../../web/lib/db/migrate.ts'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
nextEnv.loadEnvConfig(rootDir, false, { info: () => {}, error: console.error }, true)

const { database } = readConfig(process.env)
const target = database ? { postgres: database.migrationUrl, poolMax: 1 } : { sqlite: sqliteFile() }
const where = database ? new URL(database.migrationUrl).host : target.sqlite
try {
  const store = await openStore(target)
  try {
    const applied = await migrateToLatest(store.db)
    const note = database ? '' : ' (a SQLite file brings itself up to date when it is opened)'
    console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}.` : `The schema at ${where} is up to date${note}.`)
  } finally {
    await store.close()
  }
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
