import type { Kysely } from 'kysely'

/**
 * Routing calls to providers (web/lib/providers, web/lib/calls/routing/routing.ts):
 * - voice_leases.place / .pest: the landing address's location code and the visit's pest, so a call joined to
 *   the visit reaches a provider of that place and pest;
 * - voice_legs: each provider (or the business line) a call rang, in order, with its outcome and talk time,
 *   the talk time that makes it payable and the payout in cents as they were when it rang;
 * - voice_provider_load: per provider the calls of the current day and month that count against its caps
 *   (payable or still ringing) and the calls under way, taken by one conditional upsert so several
 *   instances share the caps;
 * - voice_texts: each missed-call text (one per call), its state and Twilio's answer;
 * - voice_sms_optouts: callers who replied STOP (by the keyed hash of their number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_leases').addColumn('place', 'varchar(12)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.alterTable('voice_leases').addColumn('pest', 'varchar(80)', (column) => column.notNull().defaultTo('')).execute()

  await db.schema
    .createTable('voice_legs')
    .ifNotExists()
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('provider_id', 'varchar(120)', (column) => column.notNull())
    .addColumn('provider_name', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('outcome', 'varchar(16)', (column) => column.notNull())
    .addColumn('talk_seconds', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('billable_seconds', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('payout_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('place', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('pest', 'varchar(80)', (column) => column.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('voice_legs_pk', ['call_sid', 'seq'])
    .execute()
  await db.schema.createIndex('voice_legs_provider').ifNotExists().on('voice_legs').columns(['provider_id', 'at']).execute()

  await db.schema
    .createTable('voice_provider_load')
    .ifNotExists()
    .addColumn('provider_id', 'varchar(120)', (column) => column.primaryKey())
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('day_taken', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('month', 'varchar(7)', (column) => column.notNull())
    .addColumn('month_taken', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('touched_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('voice_texts')
    .ifNotExists()
    .addColumn('call_sid', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('caller_key', 'varchar(64)', (column) => column.notNull())
    .addColumn('to_number', 'varchar(16)', (column) => column.notNull())
    .addColumn('from_number', 'varchar(16)', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('message_sid', 'varchar(64)')
    .addColumn('error', 'varchar(300)')
    .execute()
  await db.schema.createIndex('voice_texts_caller').ifNotExists().on('voice_texts').columns(['caller_key', 'at']).execute()

  await db.schema
    .createTable('voice_sms_optouts')
    .ifNotExists()
    .addColumn('caller_key', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('stopped', 'integer', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['voice_sms_optouts', 'voice_texts', 'voice_provider_load', 'voice_legs']) await db.schema.dropTable(table).ifExists().execute()
  await db.schema.alterTable('voice_leases').dropColumn('pest').execute()
  await db.schema.alterTable('voice_leases').dropColumn('place').execute()
}
