import type { Kysely } from 'kysely'
import { columnTypes } from './dialect.ts'

/**
 * What keeps outsiders from moving the numbers:
 * - voice_calls.talk_known: 0 when Twilio's talk time was impossible (negative, over 4 hours, longer than the
 *   call itself): stored as unknown and never qualified;
 * - voice_leases.token / network_key / address_key: the landing token that took the lease (one live lease
 *   each, and only it extends it) and keyed hashes of the visitor's network and address (the live-lease caps);
 * - voice_pool_wants: ad visits that found the pool full, per landing token, until their page would have
 *   given its number back: with the live leases, how many numbers the busiest moment wanted;
 * - voice_pool_days.refused: lease asks turned away (no valid landing token, over a network's or address's
 *   cap), apart from the overflow of a full pool, so an attack never reads as demand;
 * - experiment_visitors.network_key: a keyed hash of the visitor's network, for the alarm when converters are
 *   far more concentrated in a few networks than visitors are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bigint } = columnTypes(db)
  await db.schema.alterTable('voice_calls').addColumn('talk_known', 'integer', (column) => column.notNull().defaultTo(1)).execute()
  await db.schema.alterTable('voice_leases').addColumn('token', 'varchar(64)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.alterTable('voice_leases').addColumn('network_key', 'varchar(64)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.alterTable('voice_leases').addColumn('address_key', 'varchar(64)', (column) => column.notNull().defaultTo('')).execute()
  await db.schema.createIndex('voice_leases_expires').ifNotExists().on('voice_leases').column('expires_at').execute()
  await db.schema.alterTable('voice_pool_days').addColumn('refused', 'integer', (column) => column.notNull().defaultTo(0)).execute()
  await db.schema
    .createTable('voice_pool_wants')
    .ifNotExists()
    .addColumn('token', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('wanted_until', bigint, (column) => column.notNull())
    .execute()
  await db.schema.alterTable('experiment_visitors').addColumn('network_key', 'varchar(64)', (column) => column.notNull().defaultTo('')).execute()
}
