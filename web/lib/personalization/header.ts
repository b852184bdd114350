import { parseCookie } from 'cookie'
import { ARM_KEY, isVariantField, type Experiment, type PersonalizedRoute } from './variant.ts'
import { usableTrackingRules, type UsableTrackingRule } from '../campaigns/trackingNumber.ts'

/**
 * Which inputs shape a page is content, known to the proxy (inside Next); the front's page cache,
 * outside Next, must key personalized pages by exactly those inputs. So the proxy tells it on every
 * page answer, in this header, and the front learns per path and strips it (web/server/edge.ts).
 */
export const PERSONALIZATION_HEADER = 'x-personalized-inputs'

export type TaughtRoute = Pick<PersonalizedRoute, 'fields' | 'approvedKeywords' | 'experiment' | 'trackingNumbers'>

/** '-' for a plain page; else the route's inputs (and approved keywords), URI-encoded JSON. */
export function personalizationHeader(route: TaughtRoute | undefined): string {
  return route
    ? encodeURIComponent(JSON.stringify({ fields: route.fields, approvedKeywords: route.approvedKeywords, experiment: route.experiment, trackingNumbers: route.trackingNumbers }))
    : '-'
}

/** null: a plain page; undefined: no (valid) header. */
export function parsePersonalizationHeader(value: string | string[] | undefined): TaughtRoute | null | undefined {
  if (typeof value !== 'string') return undefined
  if (value === '-') return null
  try {
    const { fields, approvedKeywords, experiment, trackingNumbers } = JSON.parse(decodeURIComponent(value)) as {
      fields?: unknown
      approvedKeywords?: unknown
      experiment?: unknown
      trackingNumbers?: unknown
    }
    if (!Array.isArray(fields) || !fields.every(isVariantField)) return undefined
    const approved = Array.isArray(approvedKeywords) ? approvedKeywords.filter((keyword): keyword is string => typeof keyword === 'string') : []
    const test = parseExperiment(experiment)
    const rules = parseTrackingRules(trackingNumbers)
    return {
      fields,
      ...(approved.length > 0 ? { approvedKeywords: approved } : {}),
      ...(test ? { experiment: test } : {}),
      ...(rules.length > 0 ? { trackingNumbers: rules } : {}),
    }
  } catch {
    return undefined
  }
}

/** The rules as the proxy sent them, checked again like any content: only usable ones, in comparable form. */
function parseTrackingRules(value: unknown): UsableTrackingRule[] {
  return Array.isArray(value) ? usableTrackingRules(value.filter((rule): rule is Record<string, string> => typeof rule === 'object' && rule !== null)) : []
}

/** An experiment name that is safe inside a cookie name. */
export const EXPERIMENT_NAME = /^[a-z0-9-]{1,40}$/

function parseExperiment(value: unknown): Experiment | undefined {
  const { name, arms } = (value ?? {}) as { name?: unknown; arms?: unknown }
  if (typeof name !== 'string' || !EXPERIMENT_NAME.test(name) || !Array.isArray(arms)) return undefined
  const valid = arms.filter(
    (arm): arm is { key: string; weight: number } =>
      typeof arm?.key === 'string' && ARM_KEY.test(arm.key) && typeof arm.weight === 'number' && arm.weight > 0,
  )
  return valid.length >= 2 && valid.length === arms.length ? { name, arms: valid.map(({ key, weight }) => ({ key, weight })) } : undefined
}

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
 * The version cookie's value is `<arm>.<visitor>`: the visitor id (random, 128 bits, base64url) lets the
 * server count each visitor of an arm once, from its own HttpOnly cookie, whatever a browser claims.
 * A value from before the id (`<arm>` alone) keeps its arm, with no visitor.
 */
export type KeptArm = { arm: string; visitor?: string }

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/

/** The kept version and visitor id, when the cookie names one of the test's versions; undefined otherwise. */
export function keptArmVisitor(cookieHeader: string | undefined, experiment: Experiment): KeptArm | undefined {
  const value = cookieValue(cookieHeader, armCookieName(experiment))
  if (value === undefined) return undefined
  const separator = value.indexOf('.')
  const arm = separator < 0 ? value : value.slice(0, separator)
  const visitor = separator < 0 ? undefined : value.slice(separator + 1)
  if (!experiment.arms.some((known) => known.key === arm)) return undefined
  return visitor !== undefined && VISITOR_ID.test(visitor) ? { arm, visitor } : { arm }
}

/** A new visitor id for a version cookie. */
export function newVisitorId(): string {
  const bytes = String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))
  // btoa and Web Crypto, not Buffer: the same code runs in Next's request hook on any host.
  return btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
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

/** Kept 30 days; HttpOnly (only the server reads it); Lax so the ad click's landing keeps it. */
export function armCookie(experiment: Pick<Experiment, 'name'>, arm: string, visitor: string = newVisitorId()): string {
  return `${armCookieName(experiment)}=${arm}.${visitor}; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly`
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
