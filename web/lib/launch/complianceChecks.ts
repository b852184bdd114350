import { licenceGaps } from '../providers/licences.ts'
import { SETTINGS, type Finding, type LaunchConfig, type LaunchContent, type PageRatings } from './findings.ts'

/**
 * The launch checks on what the rules ask of calls, texts and claims (docs/calls.md, "Rules you must follow"):
 * texts only through a registered Messaging Service, a licence wherever a state asks for one, and ratings that
 * were earned and name their source.
 */

/** Default of Site settings → Call tracking → "States that require a provider licence". */
const DEFAULT_LICENCE_STATES = ['FL', 'CA']

/** US carriers deliver application texts only under a registered campaign; without a Messaging Service the site has none. */
export function messagingServiceFindings(config: LaunchConfig, content: LaunchContent): Finding[] {
  const calls = content.settings?.callTracking
  // Without any Twilio account the text-back-account finding already says so.
  if (!calls?.enabled || !calls.textBack?.enabled || !config.twilio || config.twilio.messagingServiceSid) return []
  return [{
    id: 'messaging-service',
    severity: 'blocking',
    message: 'Missed callers are to get a text, but no Twilio Messaging Service is set: US carriers deliver texts from local numbers only under a registered A2P 10DLC campaign (toll-free numbers need verification), so these would be blocked or filtered.',
    fix: `Create a Messaging Service (Twilio console → Messaging → Services) with the tracking and pool numbers in its sender pool, register its campaign as customer care (Twilio refuses campaigns that pass leads to third parties), set TWILIO_MESSAGING_SERVICE_SID=MG…; or turn off ${SETTINGS} → Call tracking → Text a missed caller.`,
  }]
}

/** Each active provider serving a licence-requiring state without a licence there: callers located there never reach it. */
export function providerLicenceFindings(content: LaunchContent): Finding[] {
  const calls = content.settings?.callTracking
  if (!calls?.enabled || !calls.routing) return []
  const required = calls.licenceStates == null ? DEFAULT_LICENCE_STATES : calls.licenceStates.filter((state): state is string => typeof state === 'string')
  return (content.providers ?? []).flatMap((provider) =>
    licenceGaps(provider, required).map((state) => ({
      id: 'provider-licence' as const,
      severity: 'warning' as const,
      message: `Provider “${provider.name ?? '?'}” serves ${state} without a ${state} licence: callers located in ${state} are routed past it (${state} asks for a licence in pest-control referrals).`,
      fix: `Studio → Providers → ${provider.name ?? 'the provider'} → Licences: add its ${state} licence number, or take ${state} off its states.`,
    })),
  )
}

interface ShownRating {
  slug: string
  where: string
  score: number
  count: number | null
  label: string
}

const WHERE: Record<string, string> = { hero: 'stars', badges: 'review score', localBusiness: 'rating for search engines' }

function ratingsOf(pages: readonly PageRatings[] | null | undefined): ShownRating[] {
  return (pages ?? []).flatMap((page) =>
    (page.found ?? []).flatMap((found) =>
      typeof found.score === 'number' ? [{ slug: page.slug ?? '?', where: WHERE[found._type ?? ''] ?? 'rating', score: found.score, count: typeof found.count === 'number' ? found.count : null, label: found.label?.trim() ?? '' }] : [],
    ),
  )
}

const sameNumbers = (a: ShownRating, b: ShownRating) => a.score === b.score && a.count === b.count && a.label === b.label
const pagesOf = (ratings: readonly ShownRating[]) => [...new Set(ratings.map((rating) => rating.slug))]
const pages = (count: number) => (count === 1 ? '1 page shows' : `${count} pages show`)
const listed = (names: readonly string[]) => (names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', '))

/**
 * Ratings nobody earned (the FTC's rule on fake reviews, 16 CFR 465): the bundled sample's scores and counts, and
 * any shown rating while Site settings name no reviews address to check it against.
 */
export function ratingSourceFindings(content: LaunchContent): Finding[] {
  const shown = ratingsOf(content.ratings)
  if (shown.length === 0) return []
  const bundled = ratingsOf(content.bundledRatings)
  const findings: Finding[] = []
  const samples = shown.filter((rating) => bundled.some((sample) => sameNumbers(rating, sample)))
  if (samples.length > 0) {
    const examples = [...new Map(samples.map((rating) => [`${rating.score}|${rating.count}|${rating.label}`, rating])).values()].map((rating) => `${rating.score}${rating.count === null ? '' : ` from ${rating.count.toLocaleString('en-US')} reviews`}${rating.label ? ` (“${rating.label}”)` : ''}`)
    findings.push({
      id: 'rating-source',
      severity: 'blocking',
      message: `${pages(pagesOf(samples).length)} the bundled sample rating, which nobody gave: ${examples.join('; ')} on ${listed(pagesOf(samples))}.`,
      fix: 'Studio → each of these pages → its hero’s stars, review score or service details: put in the rating and count your reviews really show, or remove them.',
    })
  }
  if (!content.settings?.reviewsUrl?.trim()) {
    findings.push({
      id: 'rating-source',
      severity: 'blocking',
      message: `${shown.length === 1 ? '1 shown rating names' : `${shown.length} shown ratings name`} no source (${listed(pagesOf(shown))}): a rating must link to the reviews it comes from.`,
      fix: `${SETTINGS} → Brand → Reviews address and Reviews link text (e.g. your Google reviews), or remove the ratings.`,
    })
  }
  return findings
}
