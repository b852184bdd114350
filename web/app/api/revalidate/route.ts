import { revalidateTag } from 'next/cache'
import type { NextRequest } from 'next/server'
import { TAGS } from '@/content/loaders'
import { tagsFor, type PublishedDocument } from '@/content/revalidation'
import { forgetRouteLists } from '@/content/routing'
import { createHash } from 'node:crypto'
import { serverConfig } from '@/lib/config'
import { memoryReplayGuard, sharedReplayGuard, verifyWebhook } from '@/lib/webhook'
import { keyPrefix, sharedCacheConfigured, withTimeout } from '@/server/cache/sharedCache'

/**
 * Sanity's GROQ-powered webhook calls this on every publish (setup: README). Only a correctly
 * signed, recent, first delivery is acted on (web/lib/webhook.ts); it marks exactly the tags of the
 * changed document stale. The next visit of an affected page refreshes it in the background
 * (stale-while-revalidate), so the change shows from the visit after; and if the Content Lake fails
 * during that refresh, the last good page keeps being served instead of an error.
 */
// Several instances (REDIS_URL): a delivery is claimed in Redis, so a replay to another instance is refused too.
const replays = sharedCacheConfigured()
  ? sharedReplayGuard(async (key, ttlMs) => {
      const id = `${keyPrefix()}webhook:${createHash('sha256').update(key).digest('hex')}`
      return (await withTimeout((client) => client.set(id, '1', { NX: true, PX: ttlMs }))) === 'OK'
    })
  : memoryReplayGuard()
/** Sanity's advice: give the Content Lake a moment to be consistent before refetching. */
const CONSISTENCY_WAIT_MS = 3_000

export async function POST(request: NextRequest) {
  const { revalidateSecret: secret, skipConsistencyWait } = serverConfig()
  if (!secret) return Response.json({ message: 'Webhook not configured.' }, { status: 503 })
  const verdict = await verifyWebhook<PublishedDocument>(request, secret, { replays })
  if (!verdict.ok) return Response.json({ message: verdict.message }, { status: verdict.status })
  // Tests skip the wait.
  if (!skipConsistencyWait) await new Promise((resolve) => setTimeout(resolve, CONSISTENCY_WAIT_MS))
  const tags = verdict.body ? tagsFor(verdict.body) : []
  // The list of addresses expires at once (not stale-while-revalidate): the proxy reads it to know
  // which pages exist and which read ad inputs, so a new page must be served from the next request.
  for (const tag of tags) revalidateTag(tag, tag === TAGS.routes ? { expire: 0 } : 'max')
  if (tags.includes(TAGS.routes)) await forgetRouteLists()
  return Response.json({ revalidated: tags })
}
