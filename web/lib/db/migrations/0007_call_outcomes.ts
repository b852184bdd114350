import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * Each call judged by what happened (web/lib/calls/outcomes): its outcome, the reason, a booked job's value and
 * who decided it; the STIR/SHAKEN attestation it came with; its recording at Twilio; the transcript's segments;
 * every change of outcome (who, when, from what); and what each exported conversion was worth when handed over,
 * so a later change can be restated or retracted. Values are in cents. SQLite adds one column per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bigint } = columnTypes(db)
  const callColumns: [string, 'varchar(40)' | 'varchar(24)' | 'varchar(300)' | 'varchar(120)' | 'varchar(64)' | 'integer', boolean][] = [
    ['stir_verstat', 'varchar(40)', true],
    ['outcome', 'varchar(24)', true],
    ['outcome_reason', 'varchar(300)', true],
    ['outcome_by', 'varchar(120)', true],
    ['outcome_value_cents', 'integer', false],
    ['recording_sid', 'varchar(64)', false],
    ['recording_url', 'varchar(300)', false],
    ['recording_seconds', 'integer', false],
  ]
  for (const [name, type, text] of callColumns) {
    await db.schema.alterTable('voice_calls').addColumn(name, type, (column) => (text ? column.notNull().defaultTo('') : column)).execute()
  }
  await db.schema.alterTable('voice_exports').addColumn('value_cents', 'integer').execute()

  await db.schema
    .createTable('voice_outcome_changes')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('at', bigint, (column) => column.notNull())
    .addColumn('changed_by', 'varchar(120)', (column) => column.notNull())
    .addColumn('from_outcome', 'varchar(24)', (column) => column.notNull())
    .addColumn('from_value_cents', 'integer')
    .addColumn('outcome', 'varchar(24)', (column) => column.notNull())
    .addColumn('value_cents', 'integer')
    .addColumn('reason', 'varchar(300)', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('voice_outcome_changes_call').ifNotExists().on('voice_outcome_changes').columns(['call_sid', 'at']).execute()

  await db.schema
    .createTable('voice_transcripts')
    .ifNotExists()
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('source', 'varchar(16)', (column) => column.notNull())
    .addColumn('track', 'varchar(32)', (column) => column.notNull())
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('text', 'varchar(4000)', (column) => column.notNull())
    .addColumn('received_at', bigint, (column) => column.notNull())
    .addPrimaryKeyConstraint('voice_transcripts_pk', ['call_sid', 'source', 'track', 'sequence'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_transcripts').ifExists().execute()
  await db.schema.dropTable('voice_outcome_changes').ifExists().execute()
  await db.schema.alterTable('voice_exports').dropColumn('value_cents').execute()
  for (const name of ['stir_verstat', 'outcome', 'outcome_reason', 'outcome_by', 'outcome_value_cents', 'recording_sid', 'recording_url', 'recording_seconds']) {
    await db.schema.alterTable('voice_calls').dropColumn(name).execute()
  }
}
