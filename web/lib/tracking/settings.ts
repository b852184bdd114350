/**
 * The Google tag settings editors set in Site settings → Tracking, their validation, and what the
 * page hands the in-page tracker (web/lib/tracking/tracker.ts). Empty settings load nothing and send
 * nothing to third parties.
 */
export interface TrackingSettings {
  googleAdsId?: string | null
  callConversionLabel?: string | null
  analyticsId?: string | null
  gtmId?: string | null
  forwardingConversionLabel?: string | null
}

/** What the tracker reads from the page (the JSON of <script id="call-tracking">). */
export interface TrackerConfig {
  /** Where gtag.js / gtm.js load from (Google's, or a loopback stand-in in tests). */
  origin?: string
  ads?: string
  label?: string
  ga?: string
  gtm?: string
  forwardingLabel?: string
  /** The number as shown, for Google's forwarding-number swap. */
  shownPhone?: string
  /** Call tracking's number pool is on: ad visits lease a number of their own (web/lib/calls). */
  pool?: boolean
}

export const GOOGLE_TAG_ORIGIN = 'https://www.googletagmanager.com'

export const isAdsId = (value: string) => /^AW-\d{6,12}$/.test(value)
export const isConversionLabel = (value: string) => /^[A-Za-z0-9_-]{4,40}$/.test(value)
export const isAnalyticsId = (value: string) => /^G-[A-Z0-9]{4,12}$/.test(value)
export const isGtmId = (value: string) => /^GTM-[A-Z0-9]{4,10}$/.test(value)

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== ''

/** Editor-facing problems with the tracking settings as a whole (each field checks its own form). */
export function trackingProblems(settings: TrackingSettings): string[] {
  const problems: string[] = []
  if (filled(settings.gtmId) && (filled(settings.googleAdsId) || filled(settings.analyticsId))) {
    problems.push('Use either the Google tag IDs or a Tag Manager container, not both: two Google tags count every call twice.')
  }
  if (filled(settings.callConversionLabel) && !filled(settings.googleAdsId)) problems.push('A call conversion label needs the Google Ads tag ID (AW-…) it belongs to.')
  if (filled(settings.googleAdsId) && !filled(settings.callConversionLabel)) problems.push('Add the call conversion label, or calls are not counted as conversions.')
  if (filled(settings.forwardingConversionLabel) && !filled(settings.googleAdsId)) problems.push('The forwarding-number conversion needs the Google Ads tag ID (AW-…).')
  return problems
}

/** The tracker's configuration for these settings: empty when nothing is configured. */
export function trackerConfig(settings: TrackingSettings | null | undefined, shownPhone: string, origin = GOOGLE_TAG_ORIGIN): TrackerConfig {
  if (!settings) return {}
  const ads = filled(settings.googleAdsId) && isAdsId(settings.googleAdsId.trim()) ? settings.googleAdsId.trim() : undefined
  const ga = filled(settings.analyticsId) && isAnalyticsId(settings.analyticsId.trim()) ? settings.analyticsId.trim() : undefined
  const gtm = filled(settings.gtmId) && isGtmId(settings.gtmId.trim()) && !ads && !ga ? settings.gtmId.trim() : undefined
  if (!ads && !ga && !gtm) return {}
  const label = ads && filled(settings.callConversionLabel) ? settings.callConversionLabel.trim() : undefined
  const forwardingLabel = ads && filled(settings.forwardingConversionLabel) ? settings.forwardingConversionLabel.trim() : undefined
  return { origin, ads, label, ga, gtm, forwardingLabel, shownPhone: forwardingLabel ? shownPhone : undefined }
}

/** Hosts the Google tag talks to: added to a page's policy only when the page loads the tag. */
export function googleTagSources(origin: string): { script: string[]; connect: string[]; img: string[]; frame: string[] } {
  const google = ['https://www.google.com', 'https://googleads.g.doubleclick.net', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
  return {
    script: [origin, 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net'],
    connect: [origin, ...google],
    img: [origin, ...google],
    frame: [origin, 'https://td.doubleclick.net'],
  }
}
