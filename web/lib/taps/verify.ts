import { headlineCase, titleCase } from '../personalization/titleCase.ts'
import { decodeVariant, type PersonalizedRoute } from '../personalization/variant.ts'
import type { KeptArm } from '../personalization/header.ts'
import type { ServedVersion } from './experimentVisitors.ts'
import { cellSafe, type CallTap, type ClaimedTap } from './tap.ts'

/**
 * A tap records what the server served, not what the browser says it saw. The tracker's beacon is a
 * claim anyone can forge; each of its fields is kept only when the server's own state backs it, and is
 * dropped ('') otherwise, never stored as sent:
 * - the page: only an address the site routes;
 * - the A/B test and version: never from the body; only the page's running test, with the version from
 *   the visitor's own HttpOnly cookie (set by the server), so a tap always counts for the version served;
 * - the number: only Site settings' number or one of its tracking numbers;
 * - keyword and location: only as the page's variant carries them (the personalized copy's address segment,
 *   rendered into the page as data-call-variant-key and read back with decodeVariant, which accepts only
 *   normalized values) and only for inputs the page reads. A keyword typed into the body of a plain page
 *   is dropped.
 */
export interface ServedFacts {
  /** The page is an address the site routes. */
  routed: boolean
  /** The page's personalization (inputs, running test, tracking numbers), when it has any. */
  route?: Pick<PersonalizedRoute, 'id' | 'fields' | 'approvedKeywords' | 'experiment' | 'trackingNumbers'>
  /** Site settings' number, its tracking numbers and its number pool (E.164). */
  numbers: ReadonlySet<string>
  /** The visitor's version cookie for the page's test, as read on the server. */
  kept?: KeptArm
}

export interface VerifiedTap {
  tap: CallTap
  /** The version the server served this visitor, when the page runs a test and the cookie says which. */
  served?: ServedVersion
}

export function verifiedTap({ variantKey, ...claimed }: ClaimedTap, facts: ServedFacts): VerifiedTap {
  const route = facts.route
  const variant = facts.routed && route && variantKey ? decodeVariant(variantKey) : null
  const reads = (field: 'keyword' | 'headline' | 'location') => route?.fields.includes(field) ?? false
  const keyword = variant?.keyword && reads('keyword') && (!route?.approvedKeywords?.length || route.approvedKeywords.includes(variant.keyword)) ? variant.keyword : ''
  const headline = variant?.headline && reads('headline') ? variant.headline : ''
  const stateRules = route?.trackingNumbers?.some((rule) => rule.match === 'state') ?? false
  const location = variant?.location && (reads('location') || stateRules) ? variant.location : ''
  const experiment = facts.routed ? route?.experiment : undefined
  const arm = experiment && facts.kept && experiment.arms.some((known) => known.key === facts.kept?.arm) ? facts.kept.arm : undefined
  const served = experiment && arm && facts.kept ? { experiment, arm, visitor: facts.kept.visitor } : undefined
  const tap: CallTap = {
    ...claimed,
    page: facts.routed ? claimed.page : '',
    keyword: cellSafe(keyword ? titleCase(keyword) : headlineCase(headline)),
    location: cellSafe(location),
    // The landing variant's name is the page's personalized route (its slug), when the copy was a personalized one.
    variant: variant && route ? route.id : '',
    experiment: experiment && arm ? experiment.name : '',
    arm: arm ?? '',
    number: facts.numbers.has(claimed.number) ? claimed.number : '',
  }
  return served ? { tap, served } : { tap }
}
