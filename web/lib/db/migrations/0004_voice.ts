import type { Kysely } from 'kysely'

/**
 * Call tracking's tables (web/lib/calls/store/store.ts). Times are epoch milliseconds in bigint columns and flags
 * are 0/1 integers, so the same SQL runs on SQLite and PostgreSQL.
 * - voice_calls: one row per call (Twilio's CallSid), its outcome and the visit it was joined to;
 * - voice_webhooks: each (endpoint, CallSid) handled once, so Twilio's retries store nothing twice;
 * - voice_pool: each pool number, who holds it and until when;
 * - voice_leases: a visit holding a pool number, with what the call is joined to;
 * - voice_pool_days: per day the busiest moment's numbers needed and the visits a full pool turned away;
 * - voice_exports: which click and conversion name were handed to Google Ads, and when first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_calls')
    .ifNotExists()
    .addColumn('call_sid', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('tracking_number', 'varchar(16)', (column) => column.notNull())
    .addColumn('caller', 'varchar(16)')
    .addColumn('caller_key', 'varchar(64)', (column) => column.notNull())
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('talk_seconds', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('qualified', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('first_time', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lease_id', 'varchar(64)')
    .addColumn('campaign', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('page', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('keyword', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('location', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('experiment', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('version', 'varchar(40)', (column) => column.notNull().defaultTo(''))
    .addColumn('click_kind', 'varchar(8)', (column) => column.notNull().defaultTo(''))
    .addColumn('click_id', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('landed_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute()
  await db.schema.createIndex('voice_calls_started').ifNotExists().on('voice_calls').column('started_at').execute()
  await db.schema.createIndex('voice_calls_caller').ifNotExists().on('voice_calls').columns(['caller_key', 'started_at']).execute()

  await db.schema
    .createTable('voice_webhooks')
    .ifNotExists()
    .addColumn('endpoint', 'varchar(16)', (column) => column.notNull())
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('voice_webhooks_pk', ['endpoint', 'call_sid'])
    .execute()

  await db.schema
    .createTable('voice_pool')
    .ifNotExists()
    .addColumn('number', 'varchar(16)', (column) => column.primaryKey())
    .addColumn('lease_id', 'varchar(64)')
    .addColumn('leased_until', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('voice_leases')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('number', 'varchar(16)', (column) => column.notNull())
    .addColumn('leased_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('campaign', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('page', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('keyword', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('location', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('experiment', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('version', 'varchar(40)', (column) => column.notNull().defaultTo(''))
    .addColumn('click_kind', 'varchar(8)', (column) => column.notNull().defaultTo(''))
    .addColumn('click_id', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('voice_leases_number').ifNotExists().on('voice_leases').columns(['number', 'leased_at']).execute()

  await db.schema
    .createTable('voice_pool_days')
    .ifNotExists()
    .addColumn('day', 'varchar(10)', (column) => column.primaryKey())
    .addColumn('peak', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('overflow', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('voice_exports')
    .ifNotExists()
    .addColumn('click_id', 'varchar(200)', (column) => column.notNull())
    .addColumn('conversion_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('first_exported_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('voice_exports_pk', ['click_id', 'conversion_name'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['voice_exports', 'voice_pool_days', 'voice_leases', 'voice_pool', 'voice_webhooks', 'voice_calls']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
