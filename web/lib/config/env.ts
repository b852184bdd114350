import { z } from 'zod'

/**
 * Every environment variable the site, the Studio and the production server read: what each must look like
 * when set (zod), the defaults, and the environment reduced to the variables set (web/lib/config.ts).
 * Kept free of node: imports: the Studio bundles this file.
 */

/** The Content Lake API version every client uses unless NEXT_PUBLIC_SANITY_API_VERSION says otherwise. */
export const SANITY_API_VERSION = '2025-06-01'
export const DEFAULT_DATASET = 'production'
export const DEFAULT_SITE_URL = 'http://localhost:3000'
/** Where `npm run dev` serves the local Content Lake (scripts/lake) when no project is configured: the site and the Studio use it. */
export const DEFAULT_LAKE_PORT = '3334'

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
export const ipAddress = () => (ipAddressSchema ??= z.union([z.ipv4(), z.ipv6()]))

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
      /** `npm run seed` / `npm run export` (scripts/sanity): a token with write access to the project. */
      SANITY_API_WRITE_TOKEN: z.string(),
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
      /** `npm run dev`: the folder the local Content Lake keeps its dataset in (default studio/dataset). */
      SANITY_LAKE_DATA: z.string(),
      /** The local Content Lake prints every request it answers. */
      SANITY_LAKE_VERBOSE: z.string(),
      /** The folder of the production build under web/ (default .next): tests build a second copy beside the first. */
      NEXT_DIST_DIR: z.string().regex(/^\.?[\w.-]+$/, 'NEXT_DIST_DIR must be a folder name inside web/ (like .next).'),
      /** `next`: the build keeps Next's own ISR cache instead of web/server/cache (`npm run bench:storage`'s "before"). */
      SITE_CACHE: z.enum(['site', 'next'], { error: 'SITE_CACHE must be site or next.' }),
      /** `off`: `next build` leaves type checking to `npm run typecheck` (npm test's build: its static checks ran it already). */
      BUILD_TYPECHECK: z.enum(['on', 'off'], { error: 'BUILD_TYPECHECK must be on or off.' }),
      /** `off`: `next build` and `next dev` keep no compile cache on disk (a build thrown away after: CI's, a test's). */
      NEXT_COMPILE_CACHE: z.enum(['on', 'off'], { error: 'NEXT_COMPILE_CACHE must be on or off.' }),
      /** Tools that drive Chromium (screenshots, the browser tests): its executable (default /usr/bin/chromium). */
      CHROME_PATH: z.string(),
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
      /** How often each instance reads again which pages exist and which run a test or read ad inputs (default 30). */
      CONTENT_REFRESH_SECONDS: z.string().regex(/^[1-9]\d{0,3}$/, 'CONTENT_REFRESH_SECONDS must be a whole number of seconds (1–9999).'),
      SHARED_CACHE_TTL_SECONDS: z.string().regex(/^[1-9]\d{0,3}$/, 'SHARED_CACHE_TTL_SECONDS must be a whole number of seconds (1–9999).'),
      /** Call tracking (docs/calls.md): signs Twilio's voice webhooks; keys the first-time-caller hash; the conversions feed's login. */
      TWILIO_AUTH_TOKEN: z.string(),
      /** Twilio's REST API account (recordings fetched and deleted, missed-call texts sent), basic auth with the token. */
      TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be the account SID: AC followed by 32 hex characters (Twilio console → Account info).'),
      /** Tests only: a loopback stand-in of Twilio's REST API (default https://api.twilio.com). */
      TWILIO_API_BASE: z.string().refine(isHttpUrl, 'TWILIO_API_BASE must be an http(s) URL.'),
      /** The Messaging Service texts to callers go through (its registered A2P 10DLC campaign or verified toll-free number). */
      TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID must be the Messaging Service SID: MG followed by 32 hex characters (Twilio console → Messaging → Services).'),
      CALLER_HASH_KEY: z.string(),
      CONVERSIONS_FEED_USER: z.string(),
      CONVERSIONS_FEED_PASSWORD: z.string(),
      /** The provider portal's sign-in links (docs/providers.md): the SMTP server they are sent through, and the sender. */
      SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// address, e.g. smtps://user:password@smtp.example.com:465.'),
      MAIL_FROM: z.string().regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, 'MAIL_FROM must be an e-mail address, alone or as Name <address>, e.g. Local Pest Experts <calls@example.com>.'),
      /** Signs A/B enrollment cookies (web/lib/personalization/enrollment.ts); every instance shares it. */
      SITE_SECRET: z.string().min(32, 'SITE_SECRET must be at least 32 characters (a long random string, e.g. openssl rand -base64 32).'),
    })
    .partial()

type EnvSchema = ReturnType<typeof buildEnvSchema>
let envSchemaInstance: EnvSchema | undefined
export const envSchema = (): EnvSchema => (envSchemaInstance ??= buildEnvSchema())
export type ParsedEnv = z.output<EnvSchema>

/** Blank values are unset; the rest trimmed. Unknown variables are left out. */
export function present(env: Env): Env {
  const out: Env = {}
  for (const key of Object.keys(envSchema().shape)) {
    const value = env[key]?.trim()
    if (value) out[key] = value
  }
  return out
}
