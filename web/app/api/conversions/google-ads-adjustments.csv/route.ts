import { exportGoogleAdjustments } from '@/lib/calls/exports/exportConversions'
import { conversionFeed } from '@/content/conversionFeed'

/**
 * Google's conversion adjustment file (RETRACTION / RESTATEMENT by Order ID = the call's id) for calls handed to
 * Google Ads whose outcome changed since: the same bytes as `npm run calls:export -- --google-ads --adjustments`
 * (web/lib/calls/exports/adjustments.ts). Basic auth as every conversion feed.
 */
export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return conversionFeed(request, 'google-ads-adjustments.csv', async ({ db, settings, now }) => (await exportGoogleAdjustments(db, settings, now)).csv)
}
