import { sql, type Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * Taps and A/B visitors. `if not exists`: a SQLite call log made by an older release of the site already
 * holds these tables; it is taken over as it is (gaining the number column if it lacks it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { postgres, double } = columnTypes(db)
  await db.schema
    .createTable('call_clicks')
    .ifNotExists()
    .addColumn('id', postgres ? 'bigserial' : 'integer', (column) => (postgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('page', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('keyword', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('location', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('variant', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('experiment', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('arm', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('number', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('click_id', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  if (!postgres) {
    const columns = await sql<{ name: string }>`PRAGMA table_info(call_clicks)`.execute(db)
    if (!columns.rows.some((column) => column.name === 'number')) await sql`ALTER TABLE call_clicks ADD COLUMN number TEXT NOT NULL DEFAULT ''`.execute(db)
  }
  await db.schema.createIndex('call_clicks_at').ifNotExists().on('call_clicks').column('at').execute()
  await db.schema
    .createTable('experiment_visitors')
    .ifNotExists()
    .addColumn('experiment', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addColumn('arm', 'text', (column) => column.notNull())
    .addColumn('first_day', 'text', (column) => column.notNull())
    .addColumn('last_day', 'text', (column) => column.notNull())
    .addColumn('taps', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('experiment_visitors_pkey', ['experiment', 'visitor'])
    .execute()
  await db.schema.createIndex('experiment_visitors_last_day').ifNotExists().on('experiment_visitors').column('last_day').execute()
  await db.schema
    .createTable('experiment_weights')
    .ifNotExists()
    .addColumn('experiment', 'text', (column) => column.notNull())
    .addColumn('arm', 'text', (column) => column.notNull())
    .addColumn('weight', double, (column) => column.notNull())
    .addPrimaryKeyConstraint('experiment_weights_pkey', ['experiment', 'arm'])
    .execute()
  await db.schema
    .createTable('experiment_bots')
    .ifNotExists()
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('experiment', 'text', (column) => column.notNull())
    .addColumn('requests', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('experiment_bots_pkey', ['day', 'experiment'])
    .execute()
}
