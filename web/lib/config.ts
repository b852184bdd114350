import { DEFAULT_DATASET, DEFAULT_LAKE_PORT, DEFAULT_SITE_URL, SANITY_API_VERSION, envSchema, ipAddress, present, type Env, type ParsedEnv } from './config/env.ts'
import type { Config } from './config/types.ts'

/**
 * The site's configuration: every environment variable the site, the Studio and the production
 * server read, validated once (zod) and typed. Nothing else reads process.env for these.
 *
 * - checkEnv(env): the problems of an environment, named per variable (errors stop `next build` and
 *   `npm start`; warnings are printed). next.config.ts and web/server/main.ts call it.
 * - serverConfig(): the typed configuration of this process (read once).
 * - studioConfig(env): the Studio's settings. The Studio runs in the browser, where bundlers only
 *   replace literal `process.env.NEXT_PUBLIC_…` reads, so studio/env.ts passes those in (the
 *   "runtimeEnv" pattern of @t3-oss/env-nextjs).
 * The one entry point importers use; its parts are in web/lib/config/: the variables and their rules
 * (env.ts), the checks (check.ts), the typed shape (types.ts) and the Studio's settings (studio.ts).
 * Kept free of node: imports: the Studio bundles this file.
 */

export { DEFAULT_LAKE_PORT, SANITY_API_VERSION, type Env } from './config/env.ts'
export { assertEnv, checkEnv, type EnvProblems } from './config/check.ts'
export { edgePurgeConfigured, type Config, type EdgeConfig, type RemoteSanityConfig, type SupabaseConfig } from './config/types.ts'
export { studioConfig } from './config/studio.ts'

const DEFAULT_SHARED_CACHE_TTL_SECONDS = 5
const DEFAULT_CONTENT_REFRESH_SECONDS = 30

/**
 * The configuration an environment describes. Invalid values are left unset here (checkEnv has
 * already stopped the build or the start for them), so a read never throws.
 */
export function readConfig(env: Env): Config {
  const values = present(env)
  const valid: ParsedEnv = {}
  for (const key of Object.keys(values) as (keyof ParsedEnv)[]) {
    const one = envSchema().shape[key].safeParse(values[key])
    if (one.success) Object.assign(valid, { [key]: one.data })
  }
  const sanityApiVersion = valid.NEXT_PUBLIC_SANITY_API_VERSION ?? SANITY_API_VERSION
  return {
    sanity: valid.NEXT_PUBLIC_SANITY_PROJECT_ID
      ? {
          projectId: valid.NEXT_PUBLIC_SANITY_PROJECT_ID,
          dataset: valid.NEXT_PUBLIC_SANITY_DATASET ?? DEFAULT_DATASET,
          apiVersion: sanityApiVersion,
          apiHost: valid.SANITY_API_HOST,
          token: valid.SANITY_API_READ_TOKEN,
        }
      : null,
    sanityApiVersion,
    revalidateSecret: valid.SANITY_REVALIDATE_SECRET,
    siteSecret: valid.SITE_SECRET,
    skipConsistencyWait: valid.SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT === 'true',
    supabase: valid.SUPABASE_URL && valid.SUPABASE_ANON_KEY ? { url: valid.SUPABASE_URL, anonKey: valid.SUPABASE_ANON_KEY } : null,
    siteUrl: new URL(valid.NEXT_PUBLIC_SITE_URL ?? DEFAULT_SITE_URL),
    // Each valid address, even when another entry is not one.
    trustedProxies: (values.TRUSTED_PROXIES ?? '').split(',').map((part) => part.trim()).filter((part) => ipAddress().safeParse(part).success),
    port: valid.PORT ? Number(valid.PORT) : undefined,
    googleTagOrigin: valid.GOOGLE_TAG_ORIGIN,
    datasetFile: valid.CONTENT_DATASET_FILE,
    studioOrigin: valid.SANITY_STUDIO_ORIGIN,
    cache: {
      redisUrl: valid.REDIS_URL,
      keyPrefix: valid.REDIS_KEY_PREFIX ?? 'site:',
      maxMb: valid.SITE_CACHE_MAX_MB ? Number(valid.SITE_CACHE_MAX_MB) : undefined,
      ttlSeconds: valid.REDIS_CACHE_TTL_SECONDS ? Number(valid.REDIS_CACHE_TTL_SECONDS) : undefined,
    },
    callLogFile: valid.CALL_LOG_FILE,
    twilio: valid.TWILIO_ACCOUNT_SID && valid.TWILIO_AUTH_TOKEN
      ? { accountSid: valid.TWILIO_ACCOUNT_SID, authToken: valid.TWILIO_AUTH_TOKEN, apiBase: (valid.TWILIO_API_BASE ?? 'https://api.twilio.com').replace(/\/+$/, ''), ...(valid.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: valid.TWILIO_MESSAGING_SERVICE_SID } : {}) }
      : null,
    database: valid.DATABASE_URL
      ? { url: valid.DATABASE_URL, migrationUrl: valid.DATABASE_MIGRATION_URL ?? valid.DATABASE_URL, poolMax: valid.DATABASE_POOL_MAX ? Number(valid.DATABASE_POOL_MAX) : 5 }
      : null,
    outboxFile: valid.OUTBOX_FILE,
    onVercel: Boolean(valid.VERCEL),
    contentRefreshSeconds: valid.CONTENT_REFRESH_SECONDS ? Number(valid.CONTENT_REFRESH_SECONDS) : DEFAULT_CONTENT_REFRESH_SECONDS,
    lakePort: valid.SANITY_LAKE_PORT ?? DEFAULT_LAKE_PORT,
    twilioAuthToken: valid.TWILIO_AUTH_TOKEN,
    callerHashKey: valid.CALLER_HASH_KEY,
    mail: valid.SMTP_URL && valid.MAIL_FROM ? { smtpUrl: valid.SMTP_URL, from: valid.MAIL_FROM } : null,
    conversionsFeed: valid.CONVERSIONS_FEED_USER && valid.CONVERSIONS_FEED_PASSWORD ? { user: valid.CONVERSIONS_FEED_USER, password: valid.CONVERSIONS_FEED_PASSWORD } : null,
    nextOwnCache: valid.SITE_CACHE === 'next',
    buildTypecheck: valid.BUILD_TYPECHECK !== 'off',
    compileCache: valid.NEXT_COMPILE_CACHE !== 'off',
    distDir: valid.NEXT_DIST_DIR ?? '.next',
    sanityWriteToken: valid.SANITY_API_WRITE_TOKEN,
    lakeDataDir: valid.SANITY_LAKE_DATA ?? 'studio/dataset',
    lakeVerbose: Boolean(valid.SANITY_LAKE_VERBOSE),
    chromePath: valid.CHROME_PATH ?? '/usr/bin/chromium',
    edge: {
      varnish: valid.VARNISH_PURGE_URLS ?? [],
      cloudflare:
        valid.CLOUDFLARE_ZONE_ID && valid.CLOUDFLARE_API_TOKEN
          ? { zoneId: valid.CLOUDFLARE_ZONE_ID, token: valid.CLOUDFLARE_API_TOKEN, apiUrl: valid.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4' }
          : null,
      fastly:
        valid.FASTLY_SERVICE_ID && valid.FASTLY_API_TOKEN
          ? { serviceId: valid.FASTLY_SERVICE_ID, token: valid.FASTLY_API_TOKEN, apiUrl: valid.FASTLY_API_URL ?? 'https://api.fastly.com' }
          : null,
      shortTtlSeconds: valid.SHARED_CACHE_TTL_SECONDS ? Number(valid.SHARED_CACHE_TTL_SECONDS) : DEFAULT_SHARED_CACHE_TTL_SECONDS,
    },
  }
}

let current: Config | undefined
/** This process's configuration, read once. */
export function serverConfig(): Config {
  return (current ??= readConfig(process.env))
}
