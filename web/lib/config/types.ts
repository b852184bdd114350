/** The typed configuration of the site (web/lib/config.ts reads it from the environment). */

/** Where content comes from when a Sanity project is configured (else: the bundled dataset). */
export interface RemoteSanityConfig {
  projectId: string
  dataset: string
  apiVersion: string
  /** Only for tests against a loopback stand-in of the Content Lake. */
  apiHost: string | undefined
  token: string | undefined
}

export interface SupabaseConfig {
  url: string
  anonKey: string
}

export interface Config {
  sanity: RemoteSanityConfig | null
  sanityApiVersion: string
  revalidateSecret: string | undefined
  /** Signs A/B enrollment cookies; unset: a per-process secret (npm run check:launch blocks that in production). */
  siteSecret: string | undefined
  skipConsistencyWait: boolean
  supabase: SupabaseConfig | null
  /** The site's public address: canonical URLs, sitemap, JSON-LD. Never taken from a request. */
  siteUrl: URL
  trustedProxies: string[]
  port: number | undefined
  googleTagOrigin: string | undefined
  datasetFile: string | undefined
  studioOrigin: string | undefined
  /** Next's ISR cache (web/server/cache): shared in Redis when redisUrl is set, else in memory. */
  cache: { redisUrl: string | undefined; keyPrefix: string; maxMb: number | undefined; ttlSeconds: number | undefined }
  /** The SQLite store of record when no DATABASE_URL is set (default .data/calls.sqlite). */
  callLogFile: string | undefined
  /** Twilio's REST API (recordings played and deleted, missed-call texts sent): null without the account's id and token. */
  twilio: { accountSid: string; authToken: string; apiBase: string; messagingServiceSid?: string } | null
  /** PostgreSQL, the store of record for every number when set (web/lib/db). */
  database: { url: string; migrationUrl: string; poolMax: number } | null
  /** Where accepted numbers wait while the database is unreachable (default .data/outbox.sqlite). */
  outboxFile: string | undefined
  /** Running on Vercel (its VERCEL variable): no shared disk, many short-lived instances. */
  onVercel: boolean
  /**
   * How often each instance reads again, in the background, which pages exist and which run a test or read ad
   * inputs (a publish reloads them at once): a page published while a webhook was lost is reachable within it.
   */
  contentRefreshSeconds: number
  /** Call tracking (docs/calls.md): Twilio's token, which signs its voice webhooks. */
  twilioAuthToken: string | undefined
  /** Keys the first-time-caller hash; unset, a key derived from the Twilio token. */
  callerHashKey: string | undefined
  /** The provider portal's sign-in mail: the SMTP server (SMTP_URL) and the sender (MAIL_FROM); null without SMTP_URL. */
  mail: { smtpUrl: string; from: string } | null
  /** The Google Ads conversions feed's basic-auth login, when both halves are set. */
  conversionsFeed: { user: string; password: string } | null
  /** The build keeps Next's own ISR cache instead of web/server/cache (SITE_CACHE=next, for a bench's comparison). */
  nextOwnCache: boolean
  /** Whether `next build` checks types itself (BUILD_TYPECHECK, default on). */
  buildTypecheck: boolean
  /** Whether `next build` and `next dev` keep Turbopack's compile cache on disk (NEXT_COMPILE_CACHE, default on). */
  compileCache: boolean
  /** The production build's folder under web/ (NEXT_DIST_DIR, default .next). */
  distDir: string
  /** A Sanity token with write access, for `npm run seed` and `npm run export`. */
  sanityWriteToken: string | undefined
  /** `npm run dev`: where the local Content Lake keeps its dataset (relative to the repository; default studio/dataset). */
  lakeDataDir: string
  /** The local Content Lake prints every request (SANITY_LAKE_VERBOSE). */
  lakeVerbose: boolean
  /** Chromium for tools that drive a browser (CHROME_PATH). */
  chromePath: string
  /** The local Content Lake's HTTP port (scripts/lake), when no project is configured. */
  lakePort: string
  /** Shared caches in front of the site (CDN, Varnish) that a publish purges by content tag (docs/shared-caches.md). */
  edge: EdgeConfig
}

export interface EdgeConfig {
  varnish: string[]
  cloudflare: { zoneId: string; token: string; apiUrl: string } | null
  fastly: { serviceId: string; token: string; apiUrl: string } | null
  /** Shared lifetime of a plain page when no purge is configured: a publish shows at the edge within it. */
  shortTtlSeconds: number
}

/** Whether a publish purges some shared cache: then plain pages may be kept there long. */
export function edgePurgeConfigured(edge: EdgeConfig): boolean {
  return edge.varnish.length > 0 || edge.cloudflare !== null || edge.fastly !== null
}
