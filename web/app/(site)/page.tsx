import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { RoutedPage } from '@/content/RoutedPage'
import { baseBlockContext } from '@/content/blockContext'
import { documentMetadata, getRoute, getSettings } from '@/content/loaders'

/** The home page is whichever page Site settings names; its own address redirects nowhere, it is "/". */
async function getHome() {
  const site = await getSettings()
  return site.homeSlug ? getRoute(site.homeSlug) : null
}

export async function generateMetadata(): Promise<Metadata> {
  const doc = await getHome()
  return doc ? documentMetadata(doc, '/') : {}
}

export default async function HomePage() {
  const [doc, context] = await Promise.all([getHome(), baseBlockContext()])
  if (!doc) notFound()
  return <RoutedPage doc={doc} context={context} />
}
