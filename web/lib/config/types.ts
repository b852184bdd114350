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
  /** Twilio's Messages API for missed-call texts; null without TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN. */
  twilioMessages: { accountSid: string; authToken: string; apiBase: string } | null
  callLogFile: string | undefined
  /** PostgreSQL, the store of record for every number when set (web/lib/db). */
  database: { url: string; migrationUrl: string; poolMax: number } | null
  /** Where accepted numbers wait while the database is unreachable (default .data/outbox.sqlite). */
  outboxFile: string | undefined
  /** Running on Vercel (its VERCEL variable): no shared disk, many short-lived instances. */
  onVercel: boolean
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
