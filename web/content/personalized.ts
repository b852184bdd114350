import { cache } from 'react'
import { normalizeKeyword } from '@/lib/personalization/keyword'
import { AD_INPUT_NAMES, ARM_KEY, type Experiment, type PersonalizedRoute } from '@/lib/personalization/variant'
import { usableTrackingRules } from '@/lib/campaigns/trackingNumber'
import { fetchContent } from '@/lib/sanity/fetch'
import { getRouteSlugs, getSettings, TAGS } from './loaders'
import { personalizedPagesQuery, trackingNumberRulesQuery } from './queries'

/**
 * The pages that read ad inputs, as the content says (a page's "Ad inputs" and "Approved keywords
 * only", its running A/B test), and, when Site settings have tracking-number rules, every page, since
 * a campaign's number must be on whichever page its ads land. The home page named in Site settings is
 * at "/". Tagged with the list of addresses, which every publish of a routed document or of Site
 * settings refreshes.
 */
export const getPersonalizedRoutes = cache(async (): Promise<PersonalizedRoute[]> => {
  const [pages, site, rules, slugs] = await Promise.all([
    fetchContent(personalizedPagesQuery, {}, [TAGS.routes, TAGS.settings]),
    getSettings(),
    fetchContent(trackingNumberRulesQuery, {}, [TAGS.routes, TAGS.settings]),
    getRouteSlugs(),
  ])
  const now = Date.now()
  const trackingNumbers = usableTrackingRules(rules)
  const bySlug = new Map<string, PersonalizedRoute>()
  for (const page of pages) {
    if (!page.slug) continue
    const fields = (page.adInputs ?? []).filter((name): name is (typeof AD_INPUT_NAMES)[number] => (AD_INPUT_NAMES as readonly string[]).includes(name))
    const approvedKeywords = (page.approvedKeywords ?? []).map((keyword) => normalizeKeyword(keyword)).filter(Boolean)
    const experiment = runningExperiment(page.experiment, now)
    if (fields.length === 0 && !experiment) continue
    bySlug.set(page.slug, {
      id: page.slug,
      path: pathOf(page.slug, site.homeSlug),
      fields,
      ...(approvedKeywords.length > 0 ? { approvedKeywords } : {}),
      ...(experiment ? { experiment } : {}),
    })
  }
  if (trackingNumbers.length > 0) {
    for (const slug of slugs) bySlug.set(slug, { ...(bySlug.get(slug) ?? { id: slug, path: pathOf(slug, site.homeSlug), fields: [] }), trackingNumbers })
  }
  return [...bySlug.values()]
})

function pathOf(slug: string, homeSlug: string | null): string {
  return slug === homeSlug ? '/' : `/${slug}`
}

export async function personalizedRouteById(id: string): Promise<PersonalizedRoute | undefined> {
  return (await getPersonalizedRoutes()).find((route) => route.id === id)
}

type ExperimentContent = { name: string | null; start: string | null; stop: string | null; arms: { key: string | null; weight: number | null }[] | null } | null

/** The test while it runs (between its start and stop), with usable versions only; else undefined. */
function runningExperiment(content: ExperimentContent, now: number): Experiment | undefined {
  if (!content?.name || (content.start && Date.parse(content.start) > now) || (content.stop && Date.parse(content.stop) <= now)) return undefined
  const arms = (content.arms ?? []).flatMap((arm) => (arm.key && ARM_KEY.test(arm.key) && arm.weight && arm.weight > 0 ? [{ key: arm.key, weight: arm.weight }] : []))
  return arms.length >= 2 ? { name: content.name, arms } : undefined
}
