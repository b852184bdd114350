import { revalidateTag } from 'next/cache'
import { parseBody } from 'next-sanity/webhook'
import type { NextRequest } from 'next/server'
import { tagsFor, type PublishedDocument } from '../../../lib/revalidation'

/**
 * Sanity's GROQ-powered webhook calls this on every publish (setup: README). Only a correctly
 * signed request is acted on; it marks exactly the tags of the changed document stale. The next
 * visit of an affected page refreshes it in the background (stale-while-revalidate), so the change
 * shows from the visit after; and if the Content Lake fails during that refresh, the last good page
 * keeps being served instead of an error.
 */
export async function POST(request: NextRequest) {
  const secret = process.env.SANITY_REVALIDATE_SECRET
  if (!secret) return Response.json({ message: 'SANITY_REVALIDATE_SECRET is not set on the server.' }, { status: 500 })
  // In production, wait for the Content Lake to be consistent before refetching; tests skip the wait.
  const waitForConsistency = process.env.SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT !== 'true'
  let parsed: Awaited<ReturnType<typeof parseBody<PublishedDocument>>>
  try {
    parsed = await parseBody<PublishedDocument>(request, secret, waitForConsistency)
  } catch {
    return Response.json({ message: 'Unreadable webhook body.' }, { status: 400 })
  }
  if (!parsed.isValidSignature) return Response.json({ message: 'Invalid signature.' }, { status: 401 })
  const tags = parsed.body ? tagsFor(parsed.body) : []
  for (const tag of tags) revalidateTag(tag, 'max')
  return Response.json({ revalidated: tags })
}
