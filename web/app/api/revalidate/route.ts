import { revalidateTag } from 'next/cache'
import { after, type NextRequest } from 'next/server'
import { TAGS } from '@/content/loaders'
import { tagsFor, type PublishedDocument } from '@/content/revalidation'
import { forgetRouteLists } from '@/content/routing'
import { createHash } from 'node:crypto'
import { edgePurgeConfigured, serverConfig } from '@/lib/config'
import { purgeEdge } from '@/lib/edgeCache/purge'
import { whenInvalidated } from '@/server/cache/invalidated'
import { configuredStore } from '@/lib/db'
import { storeReplayClaim } from '@/lib/db/replayKeys'
import { memoryReplayGuard, sharedReplayGuard, verifyWebhook } from '@/lib/webhook'
import { keyPrefix, sharedCacheConfigured, withTimeout } from '@/server/cache/sharedCache'

/**
 * Sanity's GROQ-powered webhook calls this on every publish (setup: README). Only a correctly
 * signed, recent, first delivery is acted on (web/lib/webhook.ts); it marks exactly the tags of the
 * changed document stale. The next visit of an affected page refreshes it in the background
 * (stale-while-revalidate), so the change shows from the visit after; and if the Content Lake fails
 * during that refresh, the last good page keeps being served instead of an error. With shared caches
 * that a publish purges (Varnish, Cloudflare, Fastly: docs/shared-caches.md), the tags expire at once
 * instead, and the same tags are purged there once Next has applied them.
 */
// Several instances: a delivery is claimed in Redis (REDIS_URL), else in the database (DATABASE_URL), so a
// replay to another instance is refused too.
const replays = sharedCacheConfigured()
  ? sharedReplayGuard(async (key, ttlMs) => {
      const id = `${keyPrefix()}webhook:${createHash('sha256').update(key).digest('hex')}`
      return (await withTimeout((client) => client.set(id, '1', { NX: true, PX: ttlMs }))) === 'OK'
    })
  : serverConfig().database
    ? sharedReplayGuard(storeReplayClaim(configuredStore))
    : memoryReplayGuard()
/** Sanity's advice: give the Content Lake a moment to be consistent before refetching. */
const CONSISTENCY_WAIT_MS = 3_000
/** At most this long for Next to apply the invalidation before the shared caches are purged anyway. */
const PURGE_WAIT_MS = 2_000
/**
 * A refresh that read the content just before this publish and is written just after it would be kept as
 * fresh (the cache judges an entry by when it was written, not by when its content was read): the same tags
 * are marked stale once more when such a refresh has had time to finish.
 */
const SETTLE_MS = 5_000

export async function POST(request: NextRequest) {
  const { revalidateSecret: secret, skipConsistencyWait, edge } = serverConfig()
  if (!secret) return Response.json({ message: 'Webhook not configured.' }, { status: 503 })
  const verdict = await verifyWebhook<PublishedDocument>(request, secret, { replays })
  if (!verdict.ok) return Response.json({ message: verdict.message }, { status: verdict.status })
  // Tests skip the wait.
  if (!skipConsistencyWait) await new Promise((resolve) => setTimeout(resolve, CONSISTENCY_WAIT_MS))
  const tags = verdict.body ? tagsFor(verdict.body) : []
  // The list of addresses expires at once (not stale-while-revalidate): the proxy reads it to know
  // which pages exist and which read ad inputs, so a new page must be served from the next request.
  // Shared caches a publish purges (docs/shared-caches.md) fetch the page again at once: it must then be
  // the new page, so the tags expire now instead of serving the old page once more.
  const purging = edgePurgeConfigured(edge)
  const invalidated = purging ? whenInvalidated(tags, PURGE_WAIT_MS) : null
  const expiring = (tag: string) => tag === TAGS.routes || purging
  for (const tag of tags) revalidateTag(tag, expiring(tag) ? { expire: 0 } : 'max')
  if (tags.includes(TAGS.routes)) await forgetRouteLists()
  // Only the tags refreshed in the background: an expired tag is rendered anew on the next visit, and expiring
  // it again would throw away the pages already rendered with the new content.
  const refreshed = tags.filter((tag) => !expiring(tag))
  if (refreshed.length > 0) {
    after(async () => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      for (const tag of refreshed) revalidateTag(tag, 'max')
    })
  }
  if (invalidated) {
    after(async () => {
      await invalidated
      for (const result of await purgeEdge(edge, tags)) {
        const line = `[purge] ${result.cache} ${result.target}: ${result.ok ? 'ok' : 'FAILED'}, ${result.detail} (${tags.join(' ')})`
        if (result.ok) console.log(line)
        else console.error(line)
      }
    })
  }
  return Response.json({ revalidated: tags })
}
