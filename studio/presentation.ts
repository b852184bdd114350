import { combineLatest, map } from 'rxjs'
import { defineDocuments, type DocumentLocationResolver, type DocumentLocationsState, type PresentationPluginOptions } from 'sanity/presentation'
import { ROUTED_TYPES, ROUTED_TYPES_FILTER } from '../web/lib/sanity/routedTypes.ts'
import { countOf, pageHref, pagesRendering, WHERE_USED_QUERY, type WhereUsedData } from './whereUsed'

/**
 * Where each document appears on the site, so the Presentation tool opens the right page beside
 * the form and every document's "Used on" banner is true. The home page is whichever page Site
 * settings names, served at "/"; a page without an address is on no page yet; an FAQ or a pest is
 * on the pages whose rendering names it (studio/whereUsed.ts), resolved live.
 */
interface RoutedLocation {
  title: string | null
  slug: string | null
  homeSlug: string | null
}

/** A page's own location, once it has an address. */
export function routedLocationsState(found: RoutedLocation, fallbackTitle: string): DocumentLocationsState {
  if (!found.slug) return { message: 'Not on the site yet: it gets an address when you fill in “Address” and publish it.', tone: 'caution', locations: [] }
  return { locations: [{ title: found.title ?? fallbackTitle, href: pageHref(found.slug, found.homeSlug) }] }
}

/**
 * Where a document that is not a page is shown: the pages that render it, or a word that none does yet.
 * With the published pages too (`live`), a page that has it only in its draft is named as such: “on the
 * draft of /hornets”, shown once that page is published.
 */
export function usedOnState(id: string, data: WhereUsedData, noun: string, where: string, live?: WhereUsedData): DocumentLocationsState {
  const locations = pagesRendering(id, data)
  if (locations.length === 0) return { message: `This ${noun} is on no page yet: ${where}`, tone: 'caution', locations: [] }
  const liveHrefs = live ? new Set(pagesRendering(id, live).map((page) => page.href)) : null
  const drafted = liveHrefs ? locations.filter((page) => !liveHrefs.has(page.href)) : []
  const named = locations.map((page) => (drafted.includes(page) ? { ...page, title: `${page.title} (draft: publish the page to show it)` } : page))
  if (drafted.length === locations.length) return { message: `This ${noun} is on the draft of ${drafted.map((page) => page.href).join(', ')}: it shows once that page is published`, tone: 'caution', locations: named }
  const shown = `This ${noun} is shown on ${countOf(locations.length - drafted.length, 'page')}`
  return { message: drafted.length ? `${shown}, and is on the draft of ${drafted.map((page) => page.href).join(', ')}` : shown, locations: named }
}

const routedLocations: DocumentLocationResolver = (params, { documentStore }) =>
  documentStore
    .listenQuery(
      `{
        "title": coalesce(*[_id == $id][0].title, *[_id == $id][0].pest->name),
        "slug": *[_id == $id][0].slug.current,
        "homeSlug": *[_id == "siteSettings"][0].homePage->slug.current
      }`,
      { id: params.id },
      { perspective: 'drafts' },
    )
    .pipe(map((found: RoutedLocation) => routedLocationsState(found, 'Untitled page')))

const usedOn =
  (noun: string, where: string): DocumentLocationResolver =>
  (params, { documentStore }) =>
    combineLatest([
      documentStore.listenQuery(WHERE_USED_QUERY, {}, { perspective: 'drafts', throttleTime: 1000 }),
      documentStore.listenQuery(WHERE_USED_QUERY, {}, { perspective: 'published', throttleTime: 1000 }),
    ]).pipe(map(([drafts, published]) => usedOnState(params.id, drafts as WhereUsedData, noun, where, published as WhereUsedData)))

export const presentationResolve: PresentationPluginOptions['resolve'] = {
  locations: (params, context) => {
    if (ROUTED_TYPES.includes(params.type)) return routedLocations(params, context)
    if (params.type === 'faq') return usedOn('question', 'add it to a page’s FAQ section.')(params, context)
    if (params.type === 'pest') return usedOn('pest’s photo', 'choose it in a page’s Pest photo section or name it in a pest list with photos.')(params, context)
    if (params.type === 'siteSettings') return { message: 'Site settings appear on every page', tone: 'caution', locations: [{ title: 'Home', href: '/' }] }
    return null
  },
  // The document a preview address shows (the Presentation tool opens it beside the preview).
  mainDocuments: defineDocuments([
    { route: '/', filter: `_id == *[_id == "siteSettings"][0].homePage._ref` },
    { route: '/:slug', filter: `${ROUTED_TYPES_FILTER} && slug.current == $slug` },
  ]),
}

export const presentationPreviewUrl: PresentationPluginOptions['previewUrl'] = {
  previewMode: { enable: '/api/draft-mode/enable', disable: '/api/draft-mode/disable' },
}
