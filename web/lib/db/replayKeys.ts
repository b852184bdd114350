import { sql } from 'kysely'
import { storeOf, type StoreSource } from './index.ts'

/**
 * Claims a webhook delivery key in the store of record, for the replay guard (web/lib/webhook.ts) of
 * instances that share a database but no Redis: true only for the first claim while the key lives
 * (an expired key can be claimed again). Expired keys are removed now and then.
 */
export function storeReplayClaim(store: StoreSource): (key: string, ttlMs: number) => Promise<boolean> {
  let claims = 0
  return async (key, ttlMs) => {
    const { db } = await storeOf(store)
    const now = Date.now()
    const claimed = await db
      .insertInto('webhook_deliveries')
      .values({ key, expires_at: now + ttlMs })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ expires_at: now + ttlMs }).where('webhook_deliveries.expires_at', '<', now))
      .returning(sql<string>`1`.as('claimed'))
      .executeTakeFirst()
    if (++claims % 100 === 1) await db.deleteFrom('webhook_deliveries').where('expires_at', '<', now).execute()
    return claimed !== undefined
  }
}
