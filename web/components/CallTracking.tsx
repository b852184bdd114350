import { serverConfig } from '@/lib/config'
import { shownPhone, type SiteSettings } from '@/lib/site'
import { GOOGLE_TAG_ORIGIN, trackerConfig } from '@/lib/tracking/settings'
import { CallTrackerScript } from './CallTrackerScript'

/**
 * The call tracker and its settings, first in the body so a tap counts before React hydrates (see
 * web/lib/tracking/tracker.ts). With no tag configured the settings are `{}`: nothing loads and
 * nothing is sent to third parties; taps still reach the site's own call log.
 */
export function CallTracking({ site }: { site: SiteSettings }) {
  // GOOGLE_TAG_ORIGIN: only for tests, which serve a stand-in gtag.js from loopback.
  const tags = trackerConfig(site, shownPhone(site), serverConfig().googleTagOrigin ?? GOOGLE_TAG_ORIGIN)
  // A number pool (Site settings → Call tracking): the tracker asks for an ad visit's own number after load.
  const config = site.numberPool ? { ...tags, pool: true } : tags
  return (
    <>
      <script id="call-tracking" type="application/json" dangerouslySetInnerHTML={{ __html: JSON.stringify(config).replace(/</g, '\\u003c') }} />
      <CallTrackerScript pool={Boolean(site.numberPool)} />
    </>
  )
}
