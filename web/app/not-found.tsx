import { NotFoundMessage } from '@/components/NotFoundPage'
import { getSettings } from '@/content/loaders'

/**
 * Only for a layout that calls notFound() itself (none does): unknown addresses get app/global-not-found.tsx and a
 * site page's notFound() gets app/(site)/not-found.tsx. Kept small: Next serializes it into every page.
 */
export default async function NotFound() {
  return <NotFoundMessage site={await getSettings()} />
}
