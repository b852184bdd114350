import { z } from 'zod'

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
 * Kept free of node: imports: the Studio bundles this file.
 */

/** The Content Lake API version every client uses unless NEXT_PUBLIC_SANITY_API_VERSION says otherwise. */
export const SANITY_API_VERSION = '2025-06-01'
const DEFAULT_DATASET = 'production'
const DEFAULT_SITE_URL = 'http://localhost:3000'
/** Where `npm run dev` serves the local Content Lake (scripts/lake) when no project is configured. */
export const DEFAULT_LAKE_PORT = '3335'

export type Env = Record<string, string | undefined>

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}
// Schemas are built on first use, not when this module loads: zod 4 probes `new Function` while
// building an object schema, which the Studio's Content-Security-Policy reports as a violation, and
// the Studio (which imports this module for studioConfig) never validates anything.
let ipAddressSchema: z.ZodUnion<[z.ZodIPv4, z.ZodIPv6]> | undefined
const ipAddress = () => (ipAddressSchema ??= z.union([z.ipv4(), z.ipv6()]))

/** Each variable: optional (unset or blank means unset), and what it must look like when set. */
const buildEnvSchema = () =>
  z
    .object({
      NEXT_PUBLIC_SANITY_PROJECT_ID: z
        .string()
        .regex(/^[a-z0-9-]+$/, { error: (issue) => `NEXT_PUBLIC_SANITY_PROJECT_ID "${String(issue.input)}" is not a Sanity project id (lower-case letters, digits and dashes).` }),
      NEXT_PUBLIC_SANITY_DATASET: z
        .string()
        .regex(/^[a-z0-9_-]{1,64}$/, { error: (issue) => `NEXT_PUBLIC_SANITY_DATASET "${String(issue.input)}" is not a valid dataset name.` }),
      NEXT_PUBLIC_SANITY_API_VERSION: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (issue) => `NEXT_PUBLIC_SANITY_API_VERSION "${String(issue.input)}" must be a date like ${SANITY_API_VERSION}.` }),
      SANITY_API_HOST: z.string().refine(isHttpUrl, 'SANITY_API_HOST must be an http(s) URL.'),
      SANITY_API_READ_TOKEN: z.string(),
      SANITY_REVALIDATE_SECRET: z.string(),
      /** Tests only: the webhook handler skips its wait for the Content Lake's read-after-write consistency. */
      SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT: z.string(),
      SANITY_STUDIO_ORIGIN: z.string(),
      SUPABASE_URL: z.string().refine(isHttpUrl, { error: (issue) => `SUPABASE_URL "${String(issue.input)}" is not an http(s) URL.` }),
      SUPABASE_ANON_KEY: z.string(),
      NEXT_PUBLIC_SITE_URL: z.string().refine(isHttpUrl, 'NEXT_PUBLIC_SITE_URL must be an http(s) URL.'),
      TRUSTED_PROXIES: z.string().transform((list, context) => {
        const addresses = list.split(',').map((part) => part.trim()).filter(Boolean)
        for (const address of addresses) {
          if (!ipAddress().safeParse(address).success) {
            context.addIssue({ code: 'custom', message: `TRUSTED_PROXIES: "${address}" is not an IP address (list the proxies' addresses, comma-separated).` })
          }
        }
        return addresses
      }),
      PORT: z.string().regex(/^\d{1,5}$/, 'PORT must be a port number.'),
      GOOGLE_TAG_ORIGIN: z.string().refine(isHttpUrl, 'GOOGLE_TAG_ORIGIN must be an http(s) URL.'),
      /** Tests only: serve this NDJSON file instead of studio/dataset/production.ndjson. */
      CONTENT_DATASET_FILE: z.string(),
      REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL.'),
      REDIS_KEY_PREFIX: z.string(),
      REDIS_CACHE_TTL_SECONDS: z.string().regex(/^[1-9]\d*$/, 'REDIS_CACHE_TTL_SECONDS must be a whole number of seconds.'),
      SITE_CACHE_MAX_MB: z.string().regex(/^[1-9]\d*$/, 'SITE_CACHE_MAX_MB must be a whole number of megabytes.'),
      CALL_LOG_FILE: z.string(),
      DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// connection string.'),
      DATABASE_MIGRATION_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_MIGRATION_URL must be a postgres:// or postgresql:// connection string.'),
      DATABASE_POOL_MAX: z.string().regex(/^[1-9]\d{0,2}$/, 'DATABASE_POOL_MAX must be a whole number of connections (1–999).'),
      OUTBOX_FILE: z.string(),
      /** Set by Vercel on its builds and functions. */
      VERCEL: z.string(),
      SANITY_LAKE_PORT: z.string().regex(/^\d{1,5}$/, 'SANITY_LAKE_PORT must be a port number.'),
      /** Varnish instances (shipped deploy/varnish.vcl) a publish sends its BAN to: http(s) URLs, comma-separated. */
      VARNISH_PURGE_URLS: z.string().transform((list, context) => {
        const urls = list.split(',').map((part) => part.trim()).filter(Boolean)
        for (const url of urls) if (!isHttpUrl(url)) context.addIssue({ code: 'custom', message: `VARNISH_PURGE_URLS: "${url}" is not an http(s) URL.` })
        return urls
      }),
      CLOUDFLARE_ZONE_ID: z.string().regex(/^[0-9a-f]{32}$/, 'CLOUDFLARE_ZONE_ID must be the zone\'s 32-character hex id.'),
      CLOUDFLARE_API_TOKEN: z.string(),
      /** Tests only: a loopback stand-in of Cloudflare's API (default https://api.cloudflare.com/client/v4). */
      CLOUDFLARE_API_URL: z.string().refine(isHttpUrl, 'CLOUDFLARE_API_URL must be an http(s) URL.'),
      FASTLY_SERVICE_ID: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'FASTLY_SERVICE_ID must be the service\'s alphanumeric id.'),
      FASTLY_API_TOKEN: z.string(),
      /** Tests only: a loopback stand-in of Fastly's API (default https://api.fastly.com). */
      FASTLY_API_URL: z.string().refine(isHttpUrl, 'FASTLY_API_URL must be an http(s) URL.'),
      SHARED_CACHE_TTL_SECONDS: z.string().regex(/^[1-9]\d{0,3}$/, 'SHARED_CACHE_TTL_SECONDS must be a whole number of seconds (1–9999).'),
      /** Call tracking (docs/calls.md): signs Twilio's voice webhooks; keys the first-time-caller hash; the conversions feed's login. */
      TWILIO_AUTH_TOKEN: z.string(),
      CALLER_HASH_KEY: z.string(),
      CONVERSIONS_FEED_USER: z.string(),
      CONVERSIONS_FEED_PASSWORD: z.string(),
      /** Signs A/B enrollment cookies (web/lib/personalization/enrollment.ts); every instance shares it. */
      SITE_SECRET: z.string().min(32, 'SITE_SECRET must be at least 32 characters (a long random string, e.g. openssl rand -base64 32).'),
    })
    .partial()

type EnvSchema = ReturnType<typeof buildEnvSchema>
let envSchemaInstance: EnvSchema | undefined
const envSchema = (): EnvSchema => (envSchemaInstance ??= buildEnvSchema())
type ParsedEnv = z.output<EnvSchema>

/** Blank values are unset; the rest trimmed. Unknown variables are left out. */
function present(env: Env): Env {
  const out: Env = {}
  for (const key of Object.keys(envSchema().shape)) {
    const value = env[key]?.trim()
    if (value) out[key] = value
  }
  return out
}

export interface EnvProblems {
  errors: string[]
  warnings: string[]
}

export function checkEnv(env: Env): EnvProblems {
  const values = present(env)
  const parsed = envSchema().safeParse(values)
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
  const warnings: string[] = []
  if (!values.NEXT_PUBLIC_SANITY_PROJECT_ID) {
    for (const name of ['SANITY_API_READ_TOKEN', 'SANITY_REVALIDATE_SECRET', 'SANITY_API_HOST']) {
      if (values[name]) warnings.push(`${name} is set but NEXT_PUBLIC_SANITY_PROJECT_ID is not: the site serves the bundled dataset and ignores it.`)
    }
  } else if (!values.SANITY_REVALIDATE_SECRET) {
    warnings.push('SANITY_REVALIDATE_SECRET is not set: publishes reach the site only after the hourly refresh.')
  }
  for (const [id, token] of [['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'], ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'], ['CONVERSIONS_FEED_USER', 'CONVERSIONS_FEED_PASSWORD']] as const) {
    if (Boolean(values[id]) !== Boolean(values[token])) errors.push(`${values[id] ? token : id} is missing: set it with ${values[id] ? id : token}, or unset both.`)
  }
  if (Boolean(values.SUPABASE_URL) !== Boolean(values.SUPABASE_ANON_KEY)) {
    errors.push(values.SUPABASE_URL ? 'SUPABASE_ANON_KEY is missing: set it with SUPABASE_URL, or unset both.' : 'SUPABASE_URL is missing: set it with SUPABASE_ANON_KEY, or unset both.')
  }
  return { errors, warnings }
}

/** Throws one error naming every problem (see .env.example); prints the warnings. */
export function assertEnv(env: Env, warn: (message: string) => void = console.warn): void {
  const { errors, warnings } = checkEnv(env)
  for (const warning of warnings) warn(`⚠ ${warning}`)
  if (errors.length > 0) throw new Error(`Fix the environment (see .env.example):\n- ${errors.join('\n- ')}`)
}

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

const DEFAULT_SHARED_CACHE_TTL_SECONDS = 5

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
    database: valid.DATABASE_URL
      ? { url: valid.DATABASE_URL, migrationUrl: valid.DATABASE_MIGRATION_URL ?? valid.DATABASE_URL, poolMax: valid.DATABASE_POOL_MAX ? Number(valid.DATABASE_POOL_MAX) : 5 }
      : null,
    outboxFile: valid.OUTBOX_FILE,
    onVercel: Boolean(valid.VERCEL),
    lakePort: valid.SANITY_LAKE_PORT ?? '3334',
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

/**
 * The Studio needs a project id even offline (schema validation, typegen and `sanity build` run
 * without one), so a clearly fake id stands in until a real project is configured. With no project
 * the Studio talks to the local Content Lake: `localhost` (not 127.0.0.1), because the client calls
 * `<projectId>.localhost`, which browsers resolve to loopback. Reads NEXT_PUBLIC_SANITY_PROJECT_ID or
 * SANITY_STUDIO_PROJECT_ID, NEXT_PUBLIC_SANITY_DATASET or SANITY_STUDIO_DATASET,
 * NEXT_PUBLIC_SANITY_API_VERSION, NEXT_PUBLIC_SANITY_API_HOST and NEXT_PUBLIC_SANITY_LAKE_PORT.
 */
export function studioConfig(env: Env) {
  const configuredProjectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim() || env.SANITY_STUDIO_PROJECT_ID?.trim()
  const lakePort = env.NEXT_PUBLIC_SANITY_LAKE_PORT?.trim() || DEFAULT_LAKE_PORT
  const apiHost = env.NEXT_PUBLIC_SANITY_API_HOST?.trim() || (configuredProjectId ? undefined : `https://localhost:${lakePort}`)
  return {
    projectId: configuredProjectId || 'offline0',
    dataset: env.NEXT_PUBLIC_SANITY_DATASET?.trim() || env.SANITY_STUDIO_DATASET?.trim() || DEFAULT_DATASET,
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION?.trim() || SANITY_API_VERSION,
    apiHost,
    lakePort,
    /** True when the Studio runs on the local Content Lake, which serves no comments, tasks, releases or scheduling. */
    localLake: apiHost !== undefined && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(apiHost),
  }
}
