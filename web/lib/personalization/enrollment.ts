import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { serverConfig } from '../config.ts'

/**
 * A/B enrollment is signed: the version cookie's value is `<version>.<visitor id>.<signature>`, the
 * signature a base64url HMAC-SHA256 over the test's name, the version and the visitor id, keyed with
 * SITE_SECRET, which every instance shares. Only the server can mint a cookie that verifies, so a count
 * (web/lib/taps/experimentVisitors.ts) can only come from a visitor the server itself enrolled;
 * a minted, tampered or foreign cookie (another test's, another secret's) verifies as nothing.
 *
 * Node's crypto, not Web Crypto: its HMAC is synchronous, and Next 16's request hook runs on Node.
 */
export interface Enrollment {
  arm: string
  visitor: string
}

/** One secret per process when SITE_SECRET is unset (npm run check:launch blocks that in production); on globalThis, so Next's bundles and the front share it. */
const FALLBACK = Symbol.for('pest-site.enrollmentSecret')

/** SITE_SECRET, else this process's own random one. */
export function siteSecret(configured: string | undefined = serverConfig().siteSecret): string {
  if (configured) return configured
  const global = globalThis as unknown as Record<symbol, string | undefined>
  return (global[FALLBACK] ??= randomBytes(32).toString('base64url'))
}

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/
/** SHA-256 is 32 bytes: 43 base64url characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

export function enrollmentSignature(test: string, arm: string, visitor: string, secret: string = siteSecret()): string {
  return createHmac('sha256', secret).update(`${test}\n${arm}\n${visitor}`).digest('base64url')
}

/** A new visitor id: 128 random bits, base64url. */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url')
}

/** The cookie value for a visitor enrolled in `arm` of `test`. */
export function enrollmentValue(test: string, arm: string, visitor: string = newVisitorId(), secret?: string): string {
  return `${arm}.${visitor}.${enrollmentSignature(test, arm, visitor, secret)}`
}

/** The enrollment a cookie value proves, when its signature verifies for this test; undefined otherwise (unsigned, tampered, foreign). */
export function verifiedEnrollment(test: string, value: string | undefined, secret?: string): Enrollment | undefined {
  const parts = value?.split('.')
  if (parts?.length !== 3) return undefined
  const [arm, visitor, signature] = parts as [string, string, string]
  if (!VISITOR_ID.test(visitor) || !SIGNATURE.test(signature)) return undefined
  const expected = Buffer.from(enrollmentSignature(test, arm, visitor, secret), 'utf8')
  const given = Buffer.from(signature, 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given) ? { arm, visitor } : undefined
}
