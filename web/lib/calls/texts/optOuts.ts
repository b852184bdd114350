import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * Callers who replied STOP (by the keyed hash of their number), until they reply START. Every text to a caller,
 * whatever feature sends it, asks `callerOptedOut` first (texts/textBack.ts, texts/budget.ts).
 */
export async function callerOptedOut(db: Kysely<Database>, callerKey: string): Promise<boolean> {
  const row = await db.selectFrom('voice_sms_optouts').select('stopped').where('caller_key', '=', callerKey).executeTakeFirst()
  return row !== undefined && Number(row.stopped) === 1
}

export async function recordOptOut(db: Kysely<Database>, data: { callerKey: string; stopped: boolean; at: number }): Promise<void> {
  const values = { caller_key: data.callerKey, stopped: data.stopped ? 1 : 0, at: data.at }
  await db
    .insertInto('voice_sms_optouts')
    .values(values)
    .onConflict((conflict) => conflict.column('caller_key').doUpdateSet({ stopped: values.stopped, at: values.at }))
    .execute()
}
