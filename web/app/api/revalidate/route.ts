import { revalidateTag } from 'next/cache'
import { parseBody } from 'next-sanity/webhook'
import type { NextRequest } from 'next/server'
import { tagsFor, type PublishedDocument } from '../../../lib/revalidation'

/**
 * Sanity's GROQ-powered webhook calls this on every publish (setup: README). Only a correctly
 * signed request is acted on; it expires exactly the tags of the changed document, so the next
 * visitor of an affected page gets the new content.
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
  for (const tag of tags) revalidateTag(tag, { expire: 0 })
  return Response.json({ revalidated: tags })
}
