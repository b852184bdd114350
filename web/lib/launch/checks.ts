import type { MetadataRoute } from 'next'
import type { Config } from '../config.ts'
import { formatUsPhone } from '../phone.ts'
import { trackerConfig, type TrackingSettings } from '../tracking/settings.ts'
import { unreachablePhoneProblem } from './phoneRange.ts'

/**
 * The launch preflight (`npm run check:launch`, and a warning per finding when the production server
 * starts): what would make the live site lose calls, leads or trust. Pure: the configuration and the
 * facts gathered from the content (web/content/launchCheck.ts) in, findings out. Each finding says
 * what is wrong and where to change it (the Studio field as editors see it, or the variable).
 */

export type FindingId =
  | 'site-url'
  | 'phone-number'
  | 'tracking-number'
  | 'revalidate-secret'
  | 'site-secret'
  | 'conversion-tracking'
  | 'legal-placeholder'
  | 'pest-photos'
  | 'robots-blocks-all'
  | 'supabase-unreachable'
  | 'numbers-store'
  | 'footer-link-missing'

export interface Finding {
  id: FindingId
  /** Blocking: the site must not go live like this. Warning: it works, but leads are lost or unmeasured. */
  severity: 'blocking' | 'warning'
  message: string
  fix: string
}

export type LaunchConfig = Pick<Config, 'siteUrl' | 'sanity' | 'revalidateSecret' | 'siteSecret' | 'supabase'> & Partial<Pick<Config, 'database' | 'cache' | 'onVercel'>>

export interface LaunchSettings extends TrackingSettings {
  phone?: string | null
  trackingNumbers?: { match?: string | null; value?: string | null; phone?: string | null }[] | null
  callTracking?: { enabled?: boolean | null; businessLine?: string | null; pool?: (string | null)[] | null } | null
  footerLinks?: { label?: string | null; href?: string | null }[] | null
}

export interface LaunchContent {
  settings: LaunchSettings | null
  /** Each legal page with its text as plain text (pt::text). */
  legalPages: { title?: string | null; text?: string | null }[]
  /** The legal texts the bundled dataset ships: a page still holding one was never written for this business. */
  bundledLegalTexts: string[]
  /** Every page's address (slug) the site serves. */
  routeSlugs?: string[] | null
  /** Each pest page and whether the pest it shows has an uploaded photo. */
  pestPages: { slug?: string | null; pest?: string | null; hasPhoto: boolean }[]
}

export type SupabaseProbe = { reachable: true } | { reachable: false; reason: string }

export interface LaunchFacts {
  content: LaunchContent
  /** What /robots.txt serves (web/lib/robots.ts). */
  robots: MetadataRoute.Robots
  /** Null when Supabase is not configured. */
  supabase: SupabaseProbe | null
}

const SETTINGS = 'Studio → Site settings'

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

function siteUrlFindings(siteUrl: URL): Finding[] {
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

function phoneFindings(settings: LaunchSettings | null): Finding[] {
  const findings: Finding[] = []
  const phone = settings?.phone?.trim() ?? ''
  const problem = phone ? unreachablePhoneProblem(phone) : null
  if (!phone || problem) {
    findings.push({
      id: 'phone-number',
      severity: 'blocking',
      message: phone ? `Phone number ${formatUsPhone(phone)}: ${problem}` : 'No phone number is set: every call button is dead.',
      fix: `${SETTINGS} → Phone number.`,
    })
  }
  for (const rule of settings?.trackingNumbers ?? []) {
    const number = rule.phone?.trim() ?? ''
    const ruleProblem = number ? unreachablePhoneProblem(number) : null
    if (ruleProblem) {
      findings.push({
        id: 'tracking-number',
        severity: 'blocking',
        message: `Tracking number ${formatUsPhone(number)} (rule "${rule.value ?? ''}"): ${ruleProblem}`,
        fix: `${SETTINGS} → Tracking numbers → the rule "${rule.value ?? ''}" → Number to show.`,
      })
    }
  }
  const calls = settings?.callTracking
  if (calls?.enabled) {
    // Call tracking forwards to the business line and shows the pool's numbers: each must be a real line.
    for (const [field, number] of [['Business line', calls.businessLine], ...(calls.pool ?? []).map((entry) => ['Number pool', entry] as const)] as const) {
      const value = number?.trim() ?? ''
      const callProblem = value ? unreachablePhoneProblem(value) : null
      if (callProblem) findings.push({ id: 'tracking-number', severity: 'blocking', message: `${field} ${formatUsPhone(value)}: ${callProblem}`, fix: `${SETTINGS} → Call tracking → ${field}.` })
    }
  }
  return findings
}

function revalidationFindings(config: LaunchConfig): Finding[] {
  if (!config.sanity || config.revalidateSecret) return []
  return [{
    id: 'revalidate-secret',
    severity: 'blocking',
    message: `Sanity project "${config.sanity.projectId}" is set but SANITY_REVALIDATE_SECRET is not: the publish webhook is refused, so edits (a new phone number included) reach the site only after the hourly refresh.`,
    fix: 'Set SANITY_REVALIDATE_SECRET to a long random string and give the same secret to the webhook in sanity.io/manage → API → Webhooks.',
  }]
}

function siteSecretFindings(config: LaunchConfig): Finding[] {
  if (config.siteSecret) return []
  return [{
    id: 'site-secret',
    severity: 'blocking',
    message: 'SITE_SECRET is not set: A/B test cookies are signed with a secret made at each start, so after a restart (or on another instance) every visitor counts for nothing and is given a new version.',
    fix: 'Set SITE_SECRET to a long random string (openssl rand -base64 32), the same on every instance, and restart.',
  }]
}

function conversionFindings(settings: LaunchSettings | null): Finding[] {
  // What the page hands the call tracker: a call counts as an Ads conversion with a tag ID and a call
  // conversion label, or through a Tag Manager container (its "call_click" event).
  const tracker = trackerConfig(settings, '')
  if ((tracker.ads && tracker.label) || tracker.gtm) return []
  return [{
    id: 'conversion-tracking',
    severity: 'warning',
    message: 'No call conversion tracking: taps on call buttons are not reported to Google Ads, so campaigns cannot optimize for calls.',
    fix: `${SETTINGS} → Tracking → Google Ads tag ID and Call conversion label (or Google Tag Manager container ID).`,
  }]
}

/** Marks of text nobody wrote for this business: template brackets, filler, example domains. */
const PLACEHOLDER_MARKERS: { pattern: RegExp; label: string }[] = [
  { pattern: /\[[A-Za-z][^\]\n]{0,40}\]/, label: 'a [bracketed] blank' },
  { pattern: /\{\{[^}]*\}\}/, label: 'a {{template}} blank' },
  { pattern: /\blorem ipsum\b|\blorem\b/i, label: '"Lorem ipsum" filler' },
  { pattern: /\bexample\.(com|org|net)\b/i, label: 'an example.com address' },
  { pattern: /\b(TODO|TBD|XXX+)\b/, label: 'a TODO/TBD/XXX note' },
]

const normalizedText = (text: string) => text.replace(/\s+/g, ' ').trim()

function legalFindings(content: LaunchContent): Finding[] {
  const bundled = new Set(content.bundledLegalTexts.map(normalizedText).filter(Boolean))
  const findings: Finding[] = []
  for (const page of content.legalPages) {
    const text = normalizedText(page.text ?? '')
    const title = page.title?.trim() || 'Untitled legal page'
    const marker = PLACEHOLDER_MARKERS.find(({ pattern }) => pattern.test(text))
    const reason = marker
      ? `still contains placeholder text (${marker.label}: "${marker.pattern.exec(text)?.[0]}")`
      : bundled.has(text)
        ? 'is still the sample text bundled with the site, written for no business in particular'
        : null
    if (reason) {
      findings.push({
        id: 'legal-placeholder',
        severity: 'blocking',
        message: `Legal page "${title}" ${reason}.`,
        fix: `Studio → Legal → ${title} → Text: put in your own reviewed text (and its Effective date).`,
      })
    }
  }
  return findings
}

function pestPhotoFindings(config: LaunchConfig, content: LaunchContent): Finding[] {
  // With Supabase configured, a pest without an uploaded photo shows the bucket's photo instead.
  if (config.supabase) return []
  const drawn = content.pestPages.filter((page) => !page.hasPhoto)
  if (drawn.length === 0) return []
  const names = [...new Set(drawn.map((page) => page.pest || page.slug || '?'))]
  return [{
    id: 'pest-photos',
    severity: 'warning',
    message: `${drawn.length} of ${content.pestPages.length} pest pages show a drawing, not a photo (${names.join(', ')}).`,
    fix: 'Studio → Pests → each pest → Photo (or configure SUPABASE_URL with the photo bucket).',
  }]
}

/**
 * A footer link to an address of this site that no page has: the visitor gets the not-found page (the
 * bundled content's /about-us, as the spec has it, until an editor writes that page).
 */
function footerLinkFindings(content: LaunchContent): Finding[] {
  const slugs = new Set(content.routeSlugs ?? [])
  return (content.settings?.footerLinks ?? []).flatMap((link) => {
    const path = link.href?.trim() ?? ''
    if (!/^\/[^/\\]/.test(path)) return []
    const slug = path.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '')
    if (slugs.has(slug)) return []
    return [{
      id: 'footer-link-missing' as const,
      severity: 'warning' as const,
      message: `The footer links “${link.label ?? path}” to ${path}, a page that does not exist: visitors who follow it get the not-found page.`,
      fix: `Studio → Pages → create a page with the address “${slug}”, or ${SETTINGS} → Footer links → remove or change the link.`,
    }]
  })
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

function robotsFindings(robots: MetadataRoute.Robots): Finding[] {
  if (!robotsBlocksEverything(robots)) return []
  return [{
    id: 'robots-blocks-all',
    severity: 'blocking',
    message: 'robots.txt disallows "/" for every crawler: search engines drop the site and Google Ads can reject its landing pages.',
    fix: 'Allow "/" in web/lib/robots.ts (robots.txt), keeping only /studio, /api/ and /personalized/ disallowed.',
  }]
}

function supabaseFindings(config: LaunchConfig, probe: SupabaseProbe | null): Finding[] {
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
function numbersStoreFindings(config: LaunchConfig): Finding[] {
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

/** Every finding, blocking ones first, in the order an owner would fix them. */
export function launchFindings(config: LaunchConfig, facts: LaunchFacts): Finding[] {
  const findings = [
    ...siteUrlFindings(config.siteUrl),
    ...phoneFindings(facts.content.settings),
    ...revalidationFindings(config),
    ...siteSecretFindings(config),
    ...legalFindings(facts.content),
    ...robotsFindings(facts.robots),
    ...supabaseFindings(config, facts.supabase),
    ...numbersStoreFindings(config),
    ...conversionFindings(facts.content.settings),
    ...pestPhotoFindings(config, facts.content),
    ...footerLinkFindings(facts.content),
  ]
  return [...findings.filter((finding) => finding.severity === 'blocking'), ...findings.filter((finding) => finding.severity === 'warning')]
}

/** One line per finding: for the CLI and for the server's start-up warnings. */
export function findingLine(finding: Finding): string {
  return `${finding.severity === 'blocking' ? '✗ blocking' : '⚠ warning'} [${finding.id}] ${finding.message} Fix: ${finding.fix}`
}

/** The last line: what the counts mean for the launch. */
export function findingsSummary(findings: Finding[]): string {
  const blocking = findings.filter((finding) => finding.severity === 'blocking').length
  const warnings = findings.length - blocking
  const counts = `${blocking} blocking, ${warnings} warning${warnings === 1 ? '' : 's'}`
  return blocking > 0 ? `Not ready for launch: ${counts}. Fix the blocking findings, then run npm run check:launch again.` : `Ready for launch: ${counts}.`
}
