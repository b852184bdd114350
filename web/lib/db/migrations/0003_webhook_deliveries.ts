import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/** Webhook deliveries already acted on, shared by every instance (web/lib/webhook.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', columnTypes(db).bigint, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('webhook_deliveries_expires_at').on('webhook_deliveries').column('expires_at').execute()
}
