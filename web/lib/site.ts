import type { SettingsQueryResult } from '../sanity.types'
import { serverConfig } from './config'
import { formatUsPhone } from './phone'

export type SiteSettings = NonNullable<SettingsQueryResult>

/** The number as shown: the editor's own display form, or the standard US form of the E.164 value. */
export function shownPhone(site: Pick<SiteSettings, 'phone' | 'phoneDisplay'>): string {
  return site.phoneDisplay?.trim() || formatUsPhone(site.phone)
}

/** Editor text with the {phone} placeholder (meta descriptions): the number as shown, from Site settings. */
export function fillPhone(text: string, site: Pick<SiteSettings, 'phone' | 'phoneDisplay'>): string {
  return text.replaceAll('{phone}', shownPhone(site))
}

/** The site's public address (canonical URLs, sitemap, JSON-LD): never taken from a request. */export function siteUrl(): URL {
  return serverConfig().siteUrl
}
