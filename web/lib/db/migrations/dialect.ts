import { PostgresAdapter, type Kysely } from 'kysely'

/** The few column types the two stores spell differently; everything else in a migration is shared. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  return { postgres, double: postgres ? ('double precision' as const) : ('real' as const), bigint: postgres ? ('bigint' as const) : ('integer' as const) }
}
