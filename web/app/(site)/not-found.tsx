import { NotFoundMessage } from '@/components/NotFoundPage'
import { getSettings } from '@/content/loaders'

/**
 * A site page that calls notFound() (a page unpublished a moment ago, before this instance's list of addresses
 * has caught up; unknown addresses never get here, the request hook answers them with global-not-found.tsx):
 * the not-found message inside the site's layout (its CSS, call tracker, skip link), filling the screen.
 * Only the message, not the whole page with header and footer: Next serializes this component into every site
 * page's flight data, and the whole page was ~6 KB of every page (0.7–1 KB gzip).
 */
export default async function SiteNotFound() {
  return (
    <main id="main" className="flex min-h-dvh items-center">
      <NotFoundMessage site={await getSettings()} />
    </main>
  )
}
