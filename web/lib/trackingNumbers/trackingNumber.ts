import { isUsE164 } from '../phone.ts'

/**
 * Tracking numbers: Site settings keep the one default number; optional rules give a campaign
 * (`utm_campaign`), a traffic source (`utm_source`) or a visitor's resolved US state its own number,
 * so calls can be counted per campaign at the phone company too. The chosen number is rendered on
 * the server into the cached variant (no swap script, no flash of the wrong number): the variant's
 * key carries the chosen number, which is bounded by the number of rules, never the raw utm values.
 *
 * Precedence, most specific first: a campaign rule beats a source rule, which beats a state rule
 * (a campaign is one advertiser decision; a source is a whole channel; a state is where the visitor
 * is). Within a kind, values match as normalizeMatchValue compares them.
 */
export type TrackingMatch = 'campaign' | 'source' | 'state'

export const TRACKING_MATCH_PRECEDENCE: readonly TrackingMatch[] = ['campaign', 'source', 'state']

export const TRACKING_MATCH_TITLES: Record<TrackingMatch, string> = {
  campaign: 'Campaign',
  source: 'Source',
  state: 'Visitor’s state',
}

/** A rule as stored in Site settings (typegen shapes every field as possibly null). */
export interface TrackingNumberRule {
  _key?: string | null
  match?: string | null
  value?: string | null
  phone?: string | null
}

/** What is known about the visit: the raw utm values of the landing address and the resolved state ("TX"). */
export interface TrackingContext {
  campaign?: string | null
  source?: string | null
  state?: string | null
}

/** The 50 states and DC: the resolved location's two-letter code. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
)

/** utm values longer than this are not campaign names an editor typed: they match nothing. */
export const MAX_MATCH_VALUE_LENGTH = 100

function isTrackingMatch(value: unknown): value is TrackingMatch {
  return value === 'campaign' || value === 'source' || value === 'state'
}

/**
 * The comparable form of a match value, the same when a rule is saved and when a visit is matched:
 * a campaign or source in lower case with every run of spaces, “_” and “-” as one “-” (“Spring Promo”,
 * “spring_promo” and “spring-promo” are one campaign); a state as its upper-case code; '' when unusable.
 */
export function normalizeMatchValue(match: TrackingMatch, value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const trimmed = value.trim().replace(/\s+/g, ' ')
  if (trimmed.length === 0 || trimmed.length > MAX_MATCH_VALUE_LENGTH) return ''
  if (match === 'state') {
    const code = trimmed.toUpperCase()
    return US_STATE_CODES.has(code) ? code : ''
  }
  return trimmed.toLowerCase().replace(/[\s_-]+/g, '-').replace(/^-+|-+$/g, '')
}

/** The state code of a resolved "City, ST" label ("Dallas, TX" → "TX"), or null. */
export function stateOfLocation(location: string | null | undefined): string | null {
  const code = /,\s*([A-Z]{2})$/.exec(location?.trim() ?? '')?.[1]
  return code && US_STATE_CODES.has(code) ? code : null
}

/**
 * The number this visit should see, or null for the default number of Site settings. Rules that
 * are incomplete or carry an invalid number are skipped: a mistake never reaches a tel: link.
 */
export function chooseTrackingNumber(rules: readonly (TrackingNumberRule | null)[] | null | undefined, context: TrackingContext): string | null {
  if (!rules?.length) return null
  for (const match of TRACKING_MATCH_PRECEDENCE) {
    const wanted = normalizeMatchValue(match, context[match])
    if (!wanted) continue
    const rule = rules.find((candidate) => candidate?.match === match && normalizeMatchValue(match, candidate.value) === wanted && isUsE164(candidate.phone ?? ''))
    if (rule?.phone) return rule.phone
  }
  return null
}

/**
 * Site settings with the chosen number in place of the default one: every tel: link and shown
 * number derives from `phone`, so they all change together. The hand-written display form belongs
 * to the default number, so it is dropped and the number is shown the standard way.
 */
export function withTrackingNumber<T extends { phone: string | null; phoneDisplay?: string | null }>(site: T, number: string | null): T {
  if (!number || number === site.phone) return site
  return { ...site, phone: number, phoneDisplay: null }
}

export interface TrackingRuleProblem {
  /** The _key of the rule the problem is about (for the Studio's path), when there is one. */
  key?: string
  message: string
}

const PHONE_MESSAGE = 'Write the number as +1 followed by the 10-digit US number, with no spaces or dashes, the same way as the phone number of Site settings.'

/** Why a single rule cannot be used, or null. */
export function trackingRuleProblem(rule: TrackingNumberRule): string | null {
  if (!isTrackingMatch(rule.match)) return 'Choose what the rule matches: a campaign, a source or a state.'
  const value = rule.value?.trim() ?? ''
  if (!value) return rule.match === 'state' ? 'Write the state’s two-letter code, e.g. TX.' : `Write the ${rule.match === 'campaign' ? 'campaign' : 'source'} name this rule matches, as the ad’s address names it.`
  if (value.length > MAX_MATCH_VALUE_LENGTH) return `Keep the value to ${MAX_MATCH_VALUE_LENGTH} characters or fewer.`
  if (rule.match === 'state' && !normalizeMatchValue('state', value)) return `“${value}” is not a US state code: write two letters, e.g. TX or CA.`
  if (!isUsE164(rule.phone ?? '')) return PHONE_MESSAGE
  return null
}

/**
 * Every problem of a list of rules, for the Studio: invalid rules, and conflicts — two rules with
 * the same match and value but different numbers (which would make the number depend on the order).
 */
export function trackingRuleProblems(rules: readonly (TrackingNumberRule | null)[] | null | undefined): TrackingRuleProblem[] {
  const problems: TrackingRuleProblem[] = []
  const seen = new Map<string, TrackingNumberRule>()
  for (const rule of rules ?? []) {
    if (!rule) continue
    const key = rule._key ?? undefined
    const problem = trackingRuleProblem(rule)
    if (problem) {
      problems.push({ key, message: problem })
      continue
    }
    const match = rule.match as TrackingMatch
    const id = `${match}:${normalizeMatchValue(match, rule.value)}`
    const earlier = seen.get(id)
    if (!earlier) {
      seen.set(id, rule)
      continue
    }
    const what = `${TRACKING_MATCH_TITLES[match]} “${rule.value?.trim()}”`
    problems.push({
      key,
      message:
        earlier.phone === rule.phone
          ? `${what} already has a rule with this number: remove one of them.`
          : `${what} already has a rule with another number (${earlier.phone}): one value can have only one number.`,
    })
  }
  return problems
}

/** A rule the site can use: valid, its value in comparable form; the first of conflicting rules wins. */
export interface UsableTrackingRule {
  match: TrackingMatch
  value: string
  phone: string
}

/**
 * The rules of Site settings the site applies: invalid ones dropped (the Studio refuses them, but a
 * document may come from elsewhere), values normalized, and of two rules for one value the first.
 */
export function usableTrackingRules(rules: readonly (TrackingNumberRule | null)[] | null | undefined): UsableTrackingRule[] {
  const usable = new Map<string, UsableTrackingRule>()
  for (const rule of rules ?? []) {
    if (!rule || trackingRuleProblem(rule)) continue
    const match = rule.match as TrackingMatch
    const value = normalizeMatchValue(match, rule.value)
    if (!usable.has(`${match}:${value}`)) usable.set(`${match}:${value}`, { match, value, phone: rule.phone! })
  }
  return [...usable.values()]
}

/** The utm values of a landing address, in comparable form: what a campaign or source rule can match. */
export function utmSource(params: URLSearchParams): { campaign: string; source: string } {
  return { campaign: normalizeMatchValue('campaign', params.get('utm_campaign')), source: normalizeMatchValue('source', params.get('utm_source')) }
}

/**
 * The one rule value a visit's utm values select, as "campaign:<value>" or "source:<value>", or ''
 * when no campaign or source rule matches (then only a state rule can). Keying a cached page by this,
 * never by the raw utm values, bounds its copies by the number of rules.
 */
export function matchedUtmRule(rules: readonly UsableTrackingRule[], visit: { campaign: string; source: string }): string {
  for (const match of ['campaign', 'source'] as const) {
    const value = visit[match]
    if (value && rules.some((rule) => rule.match === match && rule.value === value)) return `${match}:${value}`
  }
  return ''
}

/** The number for a visit: the rule matchedUtmRule selected, else the state's rule; null for the default number. */
export function numberForVisit(rules: readonly UsableTrackingRule[], matched: string, state: string | null): string | null {
  const separator = matched.indexOf(':')
  const context: TrackingContext = separator > 0 ? { [matched.slice(0, separator)]: matched.slice(separator + 1) } : {}
  return chooseTrackingNumber(rules, { ...context, state })
}

/** Landing addresses a rule matches, for the Studio's preview of a rule: its value as written and in its other spellings. */
export function matchingAddresses(match: TrackingMatch, value: string | null | undefined): string[] {
  const normalized = normalizeMatchValue(match, value)
  if (!normalized || match === 'state') return []
  const parameter = match === 'campaign' ? 'utm_campaign' : 'utm_source'
  const words = normalized.split('-')
  const spellings = [normalized, words.join('_'), words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')]
  return [...new Set(spellings)].map((spelling) => `/?${new URLSearchParams({ [parameter]: spelling })}`)
}
