import { useEffect, useState } from 'react'
import { shareReplay, type Observable } from 'rxjs'
import { useDocumentStore, type DocumentStore, type PreviewProps } from 'sanity'
import { listedAddress } from '../previews'

/** The page Site settings names as the home page is served at "/", not at its slug (which answers 404). */
const HOME_SLUG_QUERY = `*[_id == "siteSettings"][0].homePage->slug.current`

// One live query per Studio, shared by every row of the Pages list (a list shows dozens of previews).
const homeSlugs = new WeakMap<DocumentStore, Observable<string | null>>()
function homeSlugOf(store: DocumentStore): Observable<string | null> {
  let slugs = homeSlugs.get(store)
  if (!slugs) {
    slugs = (store.listenQuery(HOME_SLUG_QUERY, {}, {}) as Observable<string | null>).pipe(shareReplay({ bufferSize: 1, refCount: true }))
    homeSlugs.set(store, slugs)
  }
  return slugs
}

/** A page's preview with the address it is served at: "/" for the home page. */
export function PagePreview(props: PreviewProps) {
  const store = useDocumentStore()
  const [homeSlug, setHomeSlug] = useState<string | null>(null)
  useEffect(() => {
    const subscription = homeSlugOf(store).subscribe((slug) => setHomeSlug(slug ?? null))
    return () => subscription.unsubscribe()
  }, [store])
  return props.renderDefault({ ...props, subtitle: typeof props.subtitle === 'string' ? listedAddress(props.subtitle, homeSlug) : props.subtitle })
}
