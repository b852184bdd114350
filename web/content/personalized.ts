import { cache } from 'react'
import { normalizeKeyword } from '@/lib/personalization/keyword'
import { isVariantField, type PersonalizedRoute } from '@/lib/personalization/variant'
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
  return pages.flatMap((page) => {
    if (!page.slug) return []
    const fields = (page.adInputs ?? []).filter(isVariantField)
    const approvedKeywords = (page.approvedKeywords ?? []).map((keyword) => normalizeKeyword(keyword)).filter(Boolean)
    return fields.length > 0
      ? [{ id: page.slug, path: page.slug === site.homeSlug ? '/' : `/${page.slug}`, fields, ...(approvedKeywords.length > 0 ? { approvedKeywords } : {}) }]
      : []
  })
})

export async function personalizedRouteById(id: string): Promise<PersonalizedRoute | undefined> {
  return (await getPersonalizedRoutes()).find((route) => route.id === id)
}
