import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * The provider portal (web/lib/portal, docs/providers.md):
 * - portal_user, portal_session, portal_account, portal_verification: Better Auth's own tables (its core schema,
 *   snake_case columns as web/lib/portal/auth.ts maps them; timestamptz and boolean in PostgreSQL, `date` and 0/1
 *   in SQLite, the types Better Auth's own migrations use): who may sign in, their sessions, the one-time links;
 * - portal_disputes: a provider's dispute of a call it was charged for, its reason and note, and the decision
 *   (credited by a rule at once, or accepted or refused by the owner) with the credit in cents;
 * - portal_dispute_steps: every step of a dispute — who, when, what;
 * - provider_pauses: a provider's own pauses ("Pause new calls", until resumed or a time) and away dates ahead,
 *   read by the router (web/lib/providers/pauses.ts). Times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { postgres, bigint } = columnTypes(db)
  const date = postgres ? 'timestamptz' : 'date'
  const flag = postgres ? 'boolean' : 'integer'

  await db.schema
    .createTable('portal_user')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('email_verified', flag, (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', date, (column) => column.notNull())
    .addColumn('updated_at', date, (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('portal_session')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', date, (column) => column.notNull())
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', date, (column) => column.notNull())
    .addColumn('updated_at', date, (column) => column.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (column) => column.notNull().references('portal_user.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('portal_session_user_id_idx').ifNotExists().on('portal_session').column('user_id').execute()
  await db.schema
    .createTable('portal_account')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('portal_user.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', date)
    .addColumn('refresh_token_expires_at', date)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', date, (column) => column.notNull())
    .addColumn('updated_at', date, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('portal_account_user_id_idx').ifNotExists().on('portal_account').column('user_id').execute()
  await db.schema
    .createTable('portal_verification')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('identifier', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', date, (column) => column.notNull())
    .addColumn('created_at', date, (column) => column.notNull())
    .addColumn('updated_at', date, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('portal_verification_identifier_idx').ifNotExists().on('portal_verification').column('identifier').execute()

  await db.schema
    .createTable('portal_disputes')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('provider_id', 'varchar(120)', (column) => column.notNull())
    .addColumn('call_sid', 'varchar(64)', (column) => column.notNull())
    .addColumn('reason', 'varchar(40)', (column) => column.notNull())
    .addColumn('note', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('amount_cents', 'integer', (column) => column.notNull())
    .addColumn('opened_at', bigint, (column) => column.notNull())
    .addColumn('opened_by', 'varchar(200)', (column) => column.notNull())
    .addColumn('decided_at', bigint)
    .addColumn('decided_by', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('decision_note', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addUniqueConstraint('portal_disputes_call', ['provider_id', 'call_sid'])
    .execute()
  await db.schema.createIndex('portal_disputes_status').ifNotExists().on('portal_disputes').columns(['status', 'opened_at']).execute()
  await db.schema
    .createTable('portal_dispute_steps')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('dispute_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('at', bigint, (column) => column.notNull())
    .addColumn('actor', 'varchar(200)', (column) => column.notNull())
    .addColumn('action', 'varchar(24)', (column) => column.notNull())
    .addColumn('note', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('portal_dispute_steps_dispute').ifNotExists().on('portal_dispute_steps').columns(['dispute_id', 'at']).execute()

  await db.schema
    .createTable('provider_pauses')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('provider_id', 'varchar(120)', (column) => column.notNull())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('starts_at', bigint, (column) => column.notNull())
    .addColumn('ends_at', bigint)
    .addColumn('created_at', bigint, (column) => column.notNull())
    .addColumn('created_by', 'varchar(200)', (column) => column.notNull())
    .addColumn('ended_at', bigint)
    .addColumn('ended_by', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('provider_pauses_provider').ifNotExists().on('provider_pauses').columns(['provider_id', 'starts_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['provider_pauses', 'portal_dispute_steps', 'portal_disputes', 'portal_verification', 'portal_account', 'portal_session', 'portal_user']) await db.schema.dropTable(table).ifExists().execute()
}
