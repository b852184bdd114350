import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import { routeQuery, routeSlugsQuery, settingsQuery } from '../../web/lib/sanity/queries'
import type { RouteQueryResult, RouteSlugsQueryResult, SettingsQueryResult } from '../../web/sanity.types'

/** What each route should show, read from the bundled dataset the server renders. */
export interface ExpectedRoute {
  path: string
  h1: string
  robots: string
}

export async function expectedSite() {
  const docs = bundledDocuments()
  const settings = (await queryDocuments(docs, settingsQuery)) as NonNullable<SettingsQueryResult>
  const slugs = (await queryDocuments(docs, routeSlugsQuery)) as RouteSlugsQueryResult
  const routes: ExpectedRoute[] = []
  for (const slug of slugs) {
    const doc = (await queryDocuments(docs, routeQuery, { slug })) as NonNullable<RouteQueryResult>
    const path = slug === settings.homeSlug ? '/' : `/${slug}`
    let h1 = ''
    if (doc._type === 'legalPage') h1 = doc.title
    else {
      const first = doc.blocks.find((block) => block !== null)
      if (first?._type === 'hero') h1 = first.title
      else if (first && 'heading' in first && first.heading) h1 = first.heading
    }
    routes.push({ path, h1, robots: doc.seo.robots })
  }
  return { settings, routes }
}
