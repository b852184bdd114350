import { useEffect } from 'react'
import { useDocumentStore, type LayoutProps } from 'sanity'
import { watchHomePage } from './homePage'

/**
 * Keeps the home page's id known from the moment the Studio opens, so every preview — the Pages
 * list, the search, references — lists the page Site settings names at "/" (studio/previews.ts).
 */
export function HomePageWatch(props: LayoutProps) {
  const documentStore = useDocumentStore()
  useEffect(() => {
    const subscription = watchHomePage(documentStore).subscribe()
    return () => subscription.unsubscribe()
  }, [documentStore])
  return props.renderDefault(props)
}
