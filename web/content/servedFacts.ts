import type { NextRequest } from 'next/server'
import type { ServedFacts } from '@/lib/calls/verify'
import { keptArmVisitor } from '@/lib/personalization/header'
import { isKnownSlug, personalizedRouteAt } from '@/content/routing'
import { getSettings } from '@/content/loaders'

/** What the server itself knows about the page a beacon names, and the visitor's own version cookie. */
export async function servedFacts(request: NextRequest, page: string): Promise<ServedFacts> {
  try {
    return await factsFromContent(request, page)
  } catch (error) {
    // The content cannot be read: the tap is kept with its page, without what only the content can vouch for.
    console.error(`[calls] could not check the tap against the content: ${error instanceof Error ? error.message : String(error)}`)
    return { routed: true, numbers: new Set() }
  }
}

async function factsFromContent(request: NextRequest, page: string): Promise<ServedFacts> {
  const [route, settings, known] = await Promise.all([
    personalizedRouteAt(page),
    getSettings(),
    page === '/' ? true : /^\/[^/]+$/.test(page) ? isKnownSlug(decodeSegment(page.slice(1))) : false,
  ])
  const numbers = new Set([settings.phone, ...(route?.trackingNumbers ?? []).map((rule) => rule.phone)].filter((number): number is string => Boolean(number)))
  // No list of addresses could be loaded (the Content Lake is down): the tap is kept with its page rather than lost.
  const routed = known !== false
  const kept = route?.experiment ? keptArmVisitor(request.headers.get('cookie') ?? undefined, route.experiment) : undefined
  return { routed, ...(route ? { route } : {}), numbers, ...(kept ? { kept } : {}) }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
