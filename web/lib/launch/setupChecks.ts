import type { MetadataRoute } from 'next'
import type { Finding, LaunchConfig, SupabaseProbe } from './findings.ts'

/**
 * The launch checks on how the site is deployed: its public address, its secrets, robots.txt, Supabase and
 * the store the numbers go to. Each is fixed in the environment (or in web/lib/robots.ts), not in the Studio.
 */

/** Hosts no visitor can reach: loopback, unspecified, and the reserved local-only names. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    /\.(local|test|internal|example|invalid)$/.test(host)
  )
}

export function siteUrlFindings(siteUrl: URL): Finding[] {
  if (isLocalHost(siteUrl.hostname)) {
    return [{
      id: 'site-url',
      severity: 'blocking',
      message: `The site's address is ${siteUrl.origin}, a local address (NEXT_PUBLIC_SITE_URL unset or local): canonical links, the sitemap and robots.txt point search engines and ads at a machine nobody else can reach.`,
      fix: 'Set NEXT_PUBLIC_SITE_URL to the public https address, e.g. https://www.yourdomain.com, and restart.',
    }]
  }
  if (siteUrl.protocol !== 'https:') {
    return [{
      id: 'site-url',
      severity: 'blocking',
      message: `The site's address ${siteUrl.origin} is plain http: browsers mark the pages "Not secure" and canonical links point away from the https site.`,
      fix: `Set NEXT_PUBLIC_SITE_URL to https://${siteUrl.host}${siteUrl.pathname === '/' ? '' : siteUrl.pathname} and serve the site over https.`,
    }]
  }
  return []
}

export function revalidationFindings(config: LaunchConfig): Finding[] {
  if (!config.sanity || config.revalidateSecret) return []
  return [{
    id: 'revalidate-secret',
    severity: 'blocking',
    message: `Sanity project "${config.sanity.projectId}" is set but SANITY_REVALIDATE_SECRET is not: the publish webhook is refused, so edits (a new phone number included) reach the site only after the hourly refresh.`,
    fix: 'Set SANITY_REVALIDATE_SECRET to a long random string and give the same secret to the webhook in sanity.io/manage → API → Webhooks.',
  }]
}

export function siteSecretFindings(config: LaunchConfig): Finding[] {
  if (config.siteSecret) return []
  return [{
    id: 'site-secret',
    severity: 'blocking',
    message: 'SITE_SECRET is not set: A/B test cookies are signed with a secret made at each start, so after a restart (or on another instance) every visitor counts for nothing and is given a new version.',
    fix: 'Set SITE_SECRET to a long random string (openssl rand -base64 32), the same on every instance, and restart.',
  }]
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

/** True when robots.txt tells every crawler (`*`) to stay off the whole site. */
export function robotsBlocksEverything(robots: MetadataRoute.Robots): boolean {
  return asList(robots.rules).some((rule) => {
    const agents = asList(rule.userAgent)
    const forEveryone = agents.length === 0 || agents.includes('*')
    const disallowed = asList(rule.disallow).map((path) => path.trim())
    const allowed = asList(rule.allow).map((path) => path.trim())
    return forEveryone && disallowed.some((path) => path === '/' || path === '/*') && !allowed.includes('/')
  })
}

export function robotsFindings(robots: MetadataRoute.Robots): Finding[] {
  if (!robotsBlocksEverything(robots)) return []
  return [{
    id: 'robots-blocks-all',
    severity: 'blocking',
    message: 'robots.txt disallows "/" for every crawler: search engines drop the site and Google Ads can reject its landing pages.',
    fix: 'Allow "/" in web/lib/robots.ts (robots.txt), keeping only /studio, /api/ and /personalized/ disallowed.',
  }]
}

export function supabaseFindings(config: LaunchConfig, probe: SupabaseProbe | null): Finding[] {
  if (!config.supabase || !probe || probe.reachable) return []
  return [{
    id: 'supabase-unreachable',
    severity: 'blocking',
    message: `Supabase at ${config.supabase.url} does not answer location_data (${probe.reason}): no city in personalized headlines.`,
    fix: 'Check SUPABASE_URL and SUPABASE_ANON_KEY (Supabase → Project settings → API) and that the project is running, or unset both.',
  }]
}

/**
 * The numbers (taps, A/B visitors) need one store every instance shares. Without DATABASE_URL each
 * instance keeps its own SQLite file: with several instances (REDIS_URL marks a shared deployment)
 * each report sees only its share, and on Vercel the file is per function instance and temporary.
 */
export function numbersStoreFindings(config: LaunchConfig): Finding[] {
  if (config.database) return []
  const where = config.onVercel ? 'on Vercel, where each function instance has its own temporary disk' : config.cache?.redisUrl ? 'on several instances (REDIS_URL is set)' : null
  if (!where) return []
  return [{
    id: 'numbers-store',
    severity: 'blocking',
    message: `No DATABASE_URL ${where}: taps and A/B visitors land in separate local files, so the Calls report and the A/B verdict count only part of them (or lose them).`,
    fix: 'Set DATABASE_URL to a PostgreSQL connection string (Supabase: the pooled one), run npm run db:migrate, and restart (docs/store.md).',
  }]
}
