import type { NextRequest } from 'next/server'
import type { ServedFacts } from '@/lib/taps/verify'
import { keptArmVisitor } from '@/lib/personalization/header'
import { isKnownSlug, personalizedRouteAt } from '@/content/routing'
import { getSettings } from '@/content/loaders'
import { voiceSettingsNow } from '@/content/voiceRuntime'

/** What the server itself knows about the page a beacon names, and the visitor's own signed version cookie. */
export async function servedFacts(request: NextRequest, page: string): Promise<ServedFacts> {
  const facts = await pageFacts(page)
  const kept = facts.route?.experiment ? keptArmVisitor(request.headers.get('cookie') ?? undefined, facts.route.experiment) : undefined
  return { ...facts, ...(kept ? { kept } : {}) }
}

/**
 * What the content says about a page: its route, whether it exists, the numbers it may show (Site settings'
 * number, its tracking-number rules and, with call tracking on, the number pool the tracker swaps in).
 */
export async function pageFacts(page: string): Promise<Omit<ServedFacts, 'kept'>> {
  try {
    const [route, settings, known, voice] = await Promise.all([
      personalizedRouteAt(page),
      getSettings(),
      page === '/' ? true : /^\/[^/]+$/.test(page) ? isKnownSlug(decodeSegment(page.slice(1))) : false,
      voiceSettingsNow(),
    ])
    const pool = voice?.enabled ? voice.pool : []
    const numbers = new Set([settings.phone, ...(route?.trackingNumbers ?? []).map((rule) => rule.phone), ...pool].filter((number): number is string => Boolean(number)))
    // No list of addresses could be loaded (the Content Lake is down): the tap is kept with its page rather than lost.
    return { routed: known !== false, ...(route ? { route } : {}), numbers }
  } catch (error) {
    // The content cannot be read: the tap is kept with its page, without what only the content can vouch for.
    console.error(`[calls] could not check the tap against the content: ${error instanceof Error ? error.message : String(error)}`)
    return { routed: true, numbers: new Set() }
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
