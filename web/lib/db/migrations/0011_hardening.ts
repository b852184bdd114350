import { sql, type Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * What outsiders cannot buy (web/lib/calls/pool):
 * - voice_leases.seen_at: when a page last asked for its lease (taken or extended), the page's heartbeat;
 *   leases counted per network and per address over a sliding window by it, and a lease no page keeps alive
 *   told apart from demand;
 * - voice_pool_days.unkept: the most numbers held by pages that stopped asking for them when the pool was full;
 * - voice_leases.visitor: the A/B visitor the lease was lent to (the hash experiment_visitors keeps), so a version's
 *   converters by calls are its enrolled visitors who called, never leases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bigint } = columnTypes(db)
  await db.schema.alterTable('voice_leases').addColumn('seen_at', bigint, (column) => column.notNull().defaultTo(0)).execute()
  await sql`UPDATE voice_leases SET seen_at = leased_at`.execute(db)
  await db.schema.createIndex('voice_leases_network_seen').ifNotExists().on('voice_leases').columns(['network_key', 'seen_at']).execute()
  await db.schema.createIndex('voice_leases_address_seen').ifNotExists().on('voice_leases').columns(['address_key', 'seen_at']).execute()
  await db.schema.alterTable('voice_pool_days').addColumn('unkept', 'integer', (column) => column.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('voice_leases').addColumn('visitor', 'varchar(32)', (column) => column.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('voice_leases_network_seen').ifExists().execute()
  await db.schema.dropIndex('voice_leases_address_seen').ifExists().execute()
  await db.schema.alterTable('voice_leases').dropColumn('seen_at').execute()
  await db.schema.alterTable('voice_pool_days').dropColumn('unkept').execute()
  await db.schema.alterTable('voice_leases').dropColumn('visitor').execute()
}
