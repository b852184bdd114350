import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * What a provider pays for, settled per leg (web/lib/calls/store/settle.ts):
 * - voice_legs: how long the line rang, the caller's keyed hash (the same caller twice to one provider), the
 *   provider's duplicate window as it was, and the settled `payable` flag with the reason it is not
 *   (`why`), kept in step with the call's outcome so caps and statements read one answer; `over_cap` when
 *   the cap check could not run before the call was routed and the call proved over the cap afterwards;
 * - voice_calls: why a missed call was missed (`end_note`, e.g. the caller hung up while a provider rang) and
 *   what the call earned (`payout_cents`: the payable leg's payout, 0 when none paid; null for a call that
 *   rang no provider);
 * - voice_provider_takes: the provider legs under way, one row each until the leg ends or expires: what the
 *   caps count as "under way", given back on whichever end signal comes first; whether the provider answered
 *   (its whisper was asked for) and the leg as it will be recorded, so an end signal that names only the call
 *   can record it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bigint } = columnTypes(db)
  const legColumns: [string, 'integer' | 'varchar(64)' | 'varchar(80)', string | number][] = [
    ['ring_seconds', 'integer', 0],
    ['caller_key', 'varchar(64)', ''],
    ['duplicate_days', 'integer', 0],
    ['payable', 'integer', 0],
    ['why', 'varchar(80)', ''],
    ['over_cap', 'integer', 0],
  ]
  for (const [name, type, fallback] of legColumns) {
    await db.schema.alterTable('voice_legs').addColumn(name, type, (column) => column.notNull().defaultTo(fallback)).execute()
  }
  await db.schema.createIndex('voice_legs_caller').ifNotExists().on('voice_legs').columns(['caller_key', 'provider_id', 'at']).execute()
  await db.schema.alterTable('voice_calls').addColumn('end_note', 'varchar(200)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.alterTable('voice_calls').addColumn('payout_cents', 'integer').execute()

  await db.schema
    .createTable('voice_provider_takes')
    .ifNotExists()
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('provider_id', 'varchar(120)', (column) => column.notNull())
    .addColumn('taken_at', bigint, (column) => column.notNull())
    .addColumn('expires_at', bigint, (column) => column.notNull())
    .addColumn('late', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('over_cap', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('answered', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('leg', 'text', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('voice_provider_takes_pk', ['call_sid', 'seq'])
    .execute()
  await db.schema.createIndex('voice_provider_takes_provider').ifNotExists().on('voice_provider_takes').columns(['provider_id', 'expires_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_provider_takes').ifExists().execute()
  await db.schema.dropIndex('voice_legs_caller').ifExists().execute()
  for (const name of ['ring_seconds', 'caller_key', 'duplicate_days', 'payable', 'why', 'over_cap']) await db.schema.alterTable('voice_legs').dropColumn(name).execute()
  await db.schema.alterTable('voice_calls').dropColumn('end_note').execute()
  await db.schema.alterTable('voice_calls').dropColumn('payout_cents').execute()
}
