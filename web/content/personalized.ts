import { cache } from 'react'
import { normalizeKeyword } from '@/lib/personalization/keyword'
import { AD_INPUT_NAMES, ARM_KEY, type Experiment, type PersonalizedRoute } from '@/lib/personalization/variant'
import { fetchContent } from '@/lib/sanity/fetch'
import { getSettings, TAGS } from './loaders'
import { personalizedPagesQuery } from './queries'

/**
 * The pages that read ad inputs, as the content says (a page's "Ad inputs" and "Approved keywords
 * only"). The home page named in Site settings is personalized at "/". Tagged with the list of
 * addresses, which every publish of a routed document refreshes.
 */
export const getPersonalizedRoutes = cache(async (): Promise<PersonalizedRoute[]> => {
  const [pages, site] = await Promise.all([fetchContent(personalizedPagesQuery, {}, [TAGS.routes, TAGS.settings]), getSettings()])
  const now = Date.now()
  return pages.flatMap((page) => {
    if (!page.slug) return []
    const fields = (page.adInputs ?? []).filter((name): name is (typeof AD_INPUT_NAMES)[number] => (AD_INPUT_NAMES as readonly string[]).includes(name))
    const approvedKeywords = (page.approvedKeywords ?? []).map((keyword) => normalizeKeyword(keyword)).filter(Boolean)
    const experiment = runningExperiment(page.experiment, now)
    return fields.length > 0 || experiment
      ? [
          {
            id: page.slug,
            path: page.slug === site.homeSlug ? '/' : `/${page.slug}`,
            fields,
            ...(approvedKeywords.length > 0 ? { approvedKeywords } : {}),
            ...(experiment ? { experiment } : {}),
          },
        ]
      : []
  })
})

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
