import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import { routeQuery, routeSlugsQuery, settingsQuery } from '../../web/content/queries'
import type { RouteQueryResult, RouteSlugsQueryResult, SettingsQueryResult } from '../../web/sanity.types'

/** What each route should show, read from the bundled dataset the server renders. */
export interface ExpectedRoute {
  path: string
  h1: string
  robots: string
  title: string
  chrome: 'site' | 'none'
  callBar: 'phones' | 'afterHero' | 'none'
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
      // The H1 is the hero's headline; a page without a hero is titled by its first heading.
      const blocks = doc.blocks.filter((block) => block !== null)
      const hero = blocks.find((block) => block._type === 'hero' || block._type === 'templateHero')
      const first = blocks[0]
      if (hero?._type === 'hero') h1 = hero.title
      else if (hero?._type === 'templateHero') h1 = hero.heading
      else if (first && 'heading' in first && first.heading) h1 = first.heading
    }
    routes.push({ path, h1, robots: doc.seo.robots, title: doc.seo.title, chrome: doc.chrome, callBar: doc.callBar })
  }
  return { settings, routes }
}
