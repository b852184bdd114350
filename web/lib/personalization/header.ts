import { parseCookie } from 'cookie'
import type { Experiment, PersonalizedRoute } from './variant.ts'
import type { UsableTrackingRule } from '../trackingNumbers/trackingNumber.ts'
import { enrollmentValue, newVisitorId, verifiedEnrollment, type Enrollment } from './enrollment.ts'

/**
 * The cookies that carry a visit's choices from one page to the next (the A/B version, the kept campaign),
 * read the same way by everything that decides or keys a page: the request hook and the front.
 */
export type RouteShape = Pick<PersonalizedRoute, 'fields' | 'approvedKeywords' | 'experiment' | 'trackingNumbers'>

/** An experiment name that is safe inside a cookie name. */
export const EXPERIMENT_NAME = /^[a-z0-9-]{1,40}$/

/** The cookie that keeps a visitor's version of one test. */
export function armCookieName(experiment: Pick<Experiment, 'name'>): string {
  return `${ARM_COOKIE_PREFIX}${experiment.name}`
}

export const ARM_COOKIE_PREFIX = 'lpe_ab_'

/** Whether the request carries a kept version of any test, or a kept campaign: what the proxy may read from cookies. */
export function hasKeptCookie(cookieHeader: string | undefined): boolean {
  return Object.keys(cookiesOf(cookieHeader)).some((name) => name.startsWith(ARM_COOKIE_PREFIX) || name === SOURCE_COOKIE)
}

/** The version this visitor keeps for the test, from the Cookie header; undefined when none valid. */
export function keptArm(cookieHeader: string | undefined, experiment: Experiment): string | undefined {
  return keptArmVisitor(cookieHeader, experiment)?.arm
}

/**
 * The version cookie's value is `<arm>.<visitor>.<signature>` (enrollment.ts): the visitor id (random, 128
 * bits) lets the server count each visitor of an arm once, and the signature proves the server set it. A
 * value that does not verify (unsigned, tampered, another test's or another secret's) keeps no version.
 */
export type KeptArm = Enrollment

/** The kept version and visitor id, when the cookie verifies and names one of the test's versions; undefined otherwise. */
export function keptArmVisitor(cookieHeader: string | undefined, experiment: Experiment): KeptArm | undefined {
  const enrollment = verifiedEnrollment(experiment.name, cookieValue(cookieHeader, armCookieName(experiment)))
  return enrollment && experiment.arms.some((known) => known.key === enrollment.arm) ? enrollment : undefined
}

/**
 * The one reading of a Cookie header for everything that decides or keys a page (the proxy, the front):
 * the maintained `cookie` parser, values raw (each reader decodes what it stores encoded). Two parsers
 * that disagreed on "lpe_src =…" once let a campaign's number be stored as the plain page.
 */
function cookiesOf(cookieHeader: string | undefined): Record<string, string | undefined> {
  return cookieHeader ? parseCookie(cookieHeader, { decode: (value) => value }) : {}
}

/** The raw value of the first cookie with this name in a Cookie header, or undefined. */
function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  return cookiesOf(cookieHeader)[name]
}

/** Kept 30 days; HttpOnly (only the server reads it); Lax so the ad click's landing keeps it; signed (enrollment.ts). */
export function armCookie(experiment: Pick<Experiment, 'name'>, arm: string, visitor: string = newVisitorId()): string {
  return `${armCookieName(experiment)}=${enrollmentValue(experiment.name, arm, visitor)}; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly`
}

/**
 * Tracking numbers follow the visit, not only the landing address: the rule a landing's utm values
 * selected ("campaign:termites-fall") is kept in a session cookie, so the campaign's number is on
 * every page the visitor opens next. A later landing with utm values replaces it.
 */
export const SOURCE_COOKIE = 'lpe_src'
/** The kept rule, when it is still one of the rules; undefined otherwise. */
export function keptSource(cookieHeader: string | undefined, rules: readonly UsableTrackingRule[]): string | undefined {
  const value = cookieValue(cookieHeader, SOURCE_COOKIE)
  if (value === undefined) return undefined
  let kept: string
  try {
    kept = decodeURIComponent(value)
  } catch {
    return undefined
  }
  return rules.some((rule) => rule.match !== 'state' && `${rule.match}:${rule.value}` === kept) ? kept : undefined
}

/** Keeps the selected rule for the browser session; '' clears a kept one. HttpOnly, Lax like the version cookie. */
export function sourceCookie(matched: string): string {
  return matched
    ? `${SOURCE_COOKIE}=${encodeURIComponent(matched)}; Path=/; SameSite=Lax; HttpOnly`
    : `${SOURCE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`
}

/** Crawlers see the control (the plain page): never an arm, never a cookie. */
export function isSearchEngine(userAgent: string | undefined): boolean {
  return /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|lighthouse/i.test(userAgent ?? '')
}
