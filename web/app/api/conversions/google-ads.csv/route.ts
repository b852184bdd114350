import type { NextRequest } from 'next/server'
import { exportConversions } from '@/lib/calls/exports/exportConversions'
import { conversionFeed } from '@/content/conversionFeed'

/**
 * Google Ads' scheduled upload (Data manager → HTTPS source) fetches qualified calls here as offline click
 * conversions, the same file as `npm run calls:export -- --google-ads` (web/lib/calls/exports/googleAds.ts). Basic auth
 * and `?since=` as every conversion feed (web/content/conversionFeed.ts). `?braid=1`: the GBRAID/WBRAID file;
 * `?header-first=1`: no time zone row (Data manager wants the column names first).
 */
export const dynamic = 'force-dynamic'

export async function GET(request: NextRequest) {
  const braid = request.nextUrl.searchParams.get('braid') === '1'
  return conversionFeed(request, `google-ads${braid ? '-braid' : ''}.csv`, async ({ db, settings, since, now, params }) => {
    const file = await exportConversions(db, settings, braid ? 'braid' : 'gclid', since, now, { headerFirst: params.get('header-first') === '1' })
    return file.csv
  })
}
