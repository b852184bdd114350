import { ROUTE_PROJECTION } from '../web/content/routeProjection.ts'
import { ROUTED_TYPES_FILTER } from '../web/lib/sanity/routedTypes.ts'
import { matchPest, pestOrDefault, type Matchable } from '../web/lib/pestMatch.ts'

/**
 * Which pages render a document, computed from what the site reads to render each page: every
 * routed document through the site's own projection (web/content/routeProjection.ts), then the
 * document's id looked for in what each page shows. So an FAQ is listed on exactly the pages whose
 * FAQ section names it, and a page has an address only once it has a slug.
 */
export const WHERE_USED_QUERY = /* groq */ `{
  "pages": *[${ROUTED_TYPES_FILTER} && defined(slug.current)] | order(slug.current asc){
    "title": coalesce(title, pest->name, slug.current),
    "shown": @${ROUTE_PROJECTION}
  },
  "pests": *[_type == "pest"] | order(_createdAt asc, _id asc){_id, name, matchWords, imageFile},
  "homeSlug": *[_id == "siteSettings"][0].homePage->slug.current
}`

export interface ShownPage {
  title: string | null
  shown: { _id: string; slug: string | null; blocks?: unknown[] | null } & Record<string, unknown>
}

export interface WhereUsedData {
  pages: ShownPage[]
  pests: (Matchable & { _id: string; name: string | null; imageFile: string })[]
  homeSlug: string | null
}

export interface PageLocation {
  title: string
  href: string
}

/** The address a page is served at: "/" for the home page (the page Site settings names). */
export function pageHref(slug: string, homeSlug: string | null | undefined): string {
  return slug === homeSlug ? '/' : `/${slug}`
}

/** Whether a value (what a page renders) names a document: its `_id`, or a reference to it. */
function mentions(value: unknown, id: string): boolean {
  if (Array.isArray(value)) return value.some((item) => mentions(item, id))
  if (value === null || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  if (record._id === id || record._ref === id) return true
  return Object.values(record).some((item) => mentions(item, id))
}

type ShownBlock = { _type?: string; pest?: { name?: string | null } | null; pests?: string[] | null; showImages?: boolean | null }

/** The pests a page's sections show photos of (a pest image without a chosen pest shows the default pest). */
function pestsShown(page: ShownPage, pests: WhereUsedData['pests']): Set<string> {
  const shown = new Set<string>()
  for (const block of (page.shown.blocks ?? []) as ShownBlock[]) {
    if (block._type === 'pestImage') {
      const pest = block.pest?.name ? pests.find((each) => each.name === block.pest!.name) : pestOrDefault(undefined, pests)
      if (pest) shown.add(pest._id)
    }
    if (block._type === 'pestList' && block.showImages) {
      for (const name of block.pests ?? []) {
        const pest = matchPest(name, pests)
        if (pest) shown.add(pest._id)
      }
    }
  }
  return shown
}

/** The pages that render a document (by its published id), each with its title and address. */
export function pagesRendering(id: string, data: WhereUsedData): PageLocation[] {
  const publishedId = id.replace(/^(drafts|versions\.[^.]+)\./, '')
  const isPest = data.pests.some((pest) => pest._id === publishedId)
  return data.pages
    .filter((page) => page.shown._id !== publishedId && page.shown.slug)
    .filter((page) => (isPest ? pestsShown(page, data.pests).has(publishedId) : mentions(page.shown, publishedId)))
    .map((page) => ({ title: page.title ?? page.shown.slug!, href: pageHref(page.shown.slug!, data.homeSlug) }))
}

/** "1 page", "2 pages": a count with its noun in the right number. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
