import type { SettingsQueryResult } from '../sanity.types'
import { formatUsPhone } from './phone'

export type SiteSettings = NonNullable<SettingsQueryResult>

/** The number as shown: the editor's own display form, or the standard US form of the E.164 value. */
export function shownPhone(site: Pick<SiteSettings, 'phone' | 'phoneDisplay'>): string {
  return site.phoneDisplay?.trim() || formatUsPhone(site.phone)
}
