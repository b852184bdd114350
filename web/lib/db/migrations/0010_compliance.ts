import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * Texts on a budget (web/lib/calls/texts/budget.ts): when each text to a caller was handed to Twilio
 * (`sent_at`, epoch ms; null until then), so the site-wide "texts per hour" counts sends, not calls, and a
 * text that waited counts when it goes out; and the text itself (`body`, the business's words, no caller data),
 * so a text that waited for the budget is sent as it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bigint } = columnTypes(db)
  await db.schema.alterTable('voice_texts').addColumn('sent_at', bigint).execute()
  await db.schema.alterTable('voice_texts').addColumn('body', 'varchar(400)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.createIndex('voice_texts_sent').ifNotExists().on('voice_texts').columns(['sent_at']).execute()
  await db.schema.createIndex('voice_texts_status').ifNotExists().on('voice_texts').columns(['status', 'at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('voice_texts_status').ifExists().execute()
  await db.schema.dropIndex('voice_texts_sent').ifExists().execute()
  await db.schema.alterTable('voice_texts').dropColumn('body').execute()
  await db.schema.alterTable('voice_texts').dropColumn('sent_at').execute()
}
