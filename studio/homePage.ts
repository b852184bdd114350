import { distinctUntilChanged, map, shareReplay, type Observable } from 'rxjs'
import type { DocumentStore } from 'sanity'
import { SITE_SETTINGS_ID } from './schemas/documents/siteSettings'

/**
 * Which page the site serves at "/": the one Site settings (published) names. A document preview's
 * `prepare` sees only its own document's fields, so the Studio keeps this one fact here, live from
 * the Content Lake, and the page type's preview lists that page at "/" (studio/previews.ts).
 */
let homePageId: string | null = null
let watching: Observable<string | null> | undefined

export const currentHomePageId = (): string | null => homePageId

/** The id of the home page, as it changes; the first value comes before any list is drawn with it. */
export function watchHomePage(documentStore: DocumentStore): Observable<string | null> {
  watching ??= documentStore
    .listenQuery(`*[_id == $id][0].homePage._ref`, { id: SITE_SETTINGS_ID }, { perspective: 'published' })
    .pipe(
      map((id: unknown) => (typeof id === 'string' ? id : null)),
      distinctUntilChanged(),
      map((id) => (homePageId = id)),
      shareReplay({ bufferSize: 1, refCount: false }),
    )
  return watching
}
