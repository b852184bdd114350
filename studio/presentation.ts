import { map } from 'rxjs'
import { ROUTED_TYPES } from '../web/lib/sanity/routedTypes.ts'
import type { DocumentLocationResolver, DocumentLocationsState, PresentationPluginOptions } from 'sanity/presentation'

/**
 * Where each document appears on the site, so the Presentation tool opens the right page beside
 * the form. The home page is whichever page Site settings names, served at "/": each routed
 * document's location is resolved together with that setting, live.
 */
const pageHref = (slug: string | null | undefined, homeSlug: string | null | undefined) => (!slug || slug === homeSlug ? '/' : `/${slug}`)

interface RoutedLocation {
  title: string | null
  slug: string | null
  homeSlug: string | null
}

function routedLocations(fallbackTitle: string): DocumentLocationResolver {
  return (params, { documentStore }) =>
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
      .pipe(
        map((found: RoutedLocation) => ({
          locations: [{ title: found.title ?? fallbackTitle, href: pageHref(found.slug, found.homeSlug) }],
        })),
      )
}

/** The locations of documents that are not pages: fixed. */
const FIXED_LOCATIONS: Record<string, DocumentLocationsState> = {
  siteSettings: {
    message: 'Site settings appear on every page',
    tone: 'caution',
    locations: [
      { title: 'Home', href: '/' },
      { title: 'A pest page', href: '/ants' },
    ],
  },
  pest: {
    message: 'Pest photos appear on pest pages and the home page',
    locations: [{ title: 'Home', href: '/' }],
  },
  faq: {
    message: 'FAQs appear on the pages that list them',
    locations: [
      { title: 'Version 2 landing page', href: '/v2' },
      { title: 'Call-only page', href: '/exterminator' },
    ],
  },
}

export const presentationResolve: PresentationPluginOptions['resolve'] = {
  locations: (params, context) => {
    if (ROUTED_TYPES.includes(params.type)) return routedLocations('Untitled page')(params, context)
    return FIXED_LOCATIONS[params.type]
  },
}

export const presentationPreviewUrl: PresentationPluginOptions['previewUrl'] = {
  previewMode: { enable: '/api/draft-mode/enable', disable: '/api/draft-mode/disable' },
}
