import { NotFoundPage } from '@/components/NotFoundPage'
import { getSettings } from '@/content/loaders'

/**
 * A site page that calls notFound() (a page unpublished a moment ago): the same page as global-not-found.tsx,
 * inside the site's layout, which already brings the body (call tracker, skip link).
 */
export default async function SiteNotFound() {
  return <NotFoundPage site={await getSettings()} />
}
