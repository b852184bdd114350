import type { NextRequest } from 'next/server'
import { bundledLocationTable } from '@/lib/location/bundled'
import { searchPlaces } from '@/lib/location/search'

/** The Studio's place search (a provider's Places): cities and counties of the site's location table by name, with their codes. */
export const dynamic = 'force-dynamic'

export function GET(request: NextRequest) {
  const query = (request.nextUrl.searchParams.get('q') ?? '').slice(0, 80)
  return Response.json({ places: searchPlaces(bundledLocationTable(), query) }, { headers: { 'cache-control': 'public, max-age=3600' } })
}
