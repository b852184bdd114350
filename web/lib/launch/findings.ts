import type { MetadataRoute } from 'next'
import type { Config } from '../config.ts'
import type { TrackingSettings } from '../tracking/settings.ts'

/** What the launch checks (web/lib/launch/checks.ts) read and what each of them finds. */

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
  | 'text-back-account'
  | 'messaging-service'
  | 'provider-licence'
  | 'rating-source'
  | 'portal-mail'

export interface Finding {
  id: FindingId
  /** Blocking: the site must not go live like this. Warning: it works, but leads are lost or unmeasured. */
  severity: 'blocking' | 'warning'
  message: string
  fix: string
}

export type LaunchConfig = Pick<Config, 'siteUrl' | 'sanity' | 'revalidateSecret' | 'siteSecret' | 'supabase'> & Partial<Pick<Config, 'database' | 'cache' | 'onVercel' | 'twilio' | 'mail'>>

export interface LaunchSettings extends TrackingSettings {
  phone?: string | null
  trackingNumbers?: { match?: string | null; value?: string | null; phone?: string | null }[] | null
  callTracking?: {
    enabled?: boolean | null
    businessLine?: string | null
    pool?: (string | null)[] | null
    textBack?: { enabled?: boolean | null } | null
    routing?: boolean | null
    /** States that require a provider licence; null: the default (FL, CA). */
    licenceStates?: (string | null)[] | null
  } | null
  /** Where the shown ratings come from (Site settings → Reviews address). */
  reviewsUrl?: string | null
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
  /** The active providers, with where they work and their licences (complianceChecks.ts). */
  providers?: { name?: string | null; states?: (string | null)[] | null; everywhere?: boolean | null; licences?: ({ state?: string | null; number?: string | null } | null)[] | null; portalEmails?: number | null }[] | null
  /** Every page's shown ratings: hero stars, a badges' review score, the service details' rating. */
  ratings?: PageRatings[] | null
  /** The ratings the bundled dataset ships: a live rating equal to one of them is the sample, never earned. */
  bundledRatings?: PageRatings[] | null
}

export interface PageRatings {
  slug?: string | null
  found?: { _type?: string | null; score?: unknown; count?: unknown; label?: string | null }[] | null
}

export type SupabaseProbe = { reachable: true } | { reachable: false; reason: string }

export interface LaunchFacts {
  content: LaunchContent
  /** What /robots.txt serves (web/lib/robots.ts). */
  robots: MetadataRoute.Robots
  /** Null when Supabase is not configured. */
  supabase: SupabaseProbe | null
}

/** Where editors find the site-wide settings, as the Studio names them. */
export const SETTINGS = 'Studio → Site settings'
