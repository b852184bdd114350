import { cache } from 'react'
import type { PersonalizedRoute } from '@/lib/personalization/variant'
import { fetchContent } from '@/lib/sanity/fetch'
import { getRouteSlugs, getSettings, TAGS } from './loaders'
import { personalizedPagesQuery, trackingNumberRulesQuery } from './queries'
import { personalizedRoutesFrom } from './pageShapes'

/**
 * The pages that read ad inputs, run an A/B test or show tracking numbers, as the content says
 * (pageShapes.ts, which the front runs too). Tagged with the list of addresses, which every publish of
 * a routed document or of Site settings refreshes.
 */
export const getPersonalizedRoutes = cache(async (): Promise<PersonalizedRoute[]> => {
  const [pages, site, rules, slugs] = await Promise.all([
    fetchContent(personalizedPagesQuery, {}, [TAGS.routes, TAGS.settings]),
    getSettings(),
    fetchContent(trackingNumberRulesQuery, {}, [TAGS.routes, TAGS.settings]),
    getRouteSlugs(),
  ])
  return personalizedRoutesFrom({ pages, homeSlug: site.homeSlug, rules, slugs, numberPool: site.numberPool === true }, Date.now())
})

export async function personalizedRouteById(id: string): Promise<PersonalizedRoute | undefined> {
  return (await getPersonalizedRoutes()).find((route) => route.id === id)
}
