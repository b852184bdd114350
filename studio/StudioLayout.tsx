import { useEffect } from 'react'
import { useDocumentStore, type LayoutProps } from 'sanity'
import { watchHomePage } from './homePage'

/**
 * Sanity's breadcrumbs (the path above a nested section's form) capitalise every word with CSS, so a
 * test named “home-headline” read “A/B Test “Home-Headline””: they show titles as the editor wrote them.
 */
const KEEP_CAPITALISATION = '[data-testid^="breadcrumb-item-"] [style*="capitalize"]{text-transform:none !important}'

/**
 * The Studio's frame: keeps the home page's id known from the moment the Studio opens, so every
 * preview — the Pages list, the search, references — lists the page Site settings names at "/"
 * (studio/previews.ts); and keeps the editor's capitalisation in breadcrumbs.
 */
export function StudioLayout(props: LayoutProps) {
  const documentStore = useDocumentStore()
  useEffect(() => {
    const subscription = watchHomePage(documentStore).subscribe()
    return () => subscription.unsubscribe()
  }, [documentStore])
  return (
    <>
      <style>{KEEP_CAPITALISATION}</style>
      {props.renderDefault(props)}
    </>
  )
}
