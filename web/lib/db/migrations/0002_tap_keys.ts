import type { Kysely } from 'kysely'

/** Each tap carries its own random key, unique: a tap written again after an outage is stored once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_clicks').addColumn('tap_key', 'text').execute()
  await db.schema.createIndex('call_clicks_tap_key').unique().on('call_clicks').column('tap_key').execute()
}
