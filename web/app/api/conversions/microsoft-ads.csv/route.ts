import { exportMicrosoft } from '@/lib/calls/exports/exportConversions'
import { conversionFeed } from '@/content/conversionFeed'

/**
 * Microsoft Advertising's offline conversions for qualified calls from msclkid visits, with Restate/Retract rows
 * for those whose outcome changed since: the same bytes as `npm run calls:export -- --microsoft-ads`
 * (web/lib/calls/exports/adjustments.ts). Basic auth and `?since=` as every conversion feed.
 */
export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return conversionFeed(request, 'microsoft-ads.csv', async ({ db, settings, since, now }) => (await exportMicrosoft(db, settings, since, now)).csv)
}
