import { NotFoundPage } from '@/components/NotFoundPage'
import { getSettings } from '@/content/loaders'
import { SiteBody, siteMetadata, siteViewport } from '@/content/SiteBody'
import './globals.css'

/**
 * The answer to every address that is no page (the proxy rewrites them to /_not-found, built once from this
 * file): a whole document of its own, outside app/layout.tsx and app/(site)/layout.tsx, so it brings the site's
 * body and metadata itself. Why global-not-found (experimental.globalNotFound) rather than app/not-found.tsx:
 * Next serializes a layout's not-found into every page below it, and this page (header, footer, call tracker)
 * rode along twice in every page's flight data.
 */
export const generateMetadata = siteMetadata
export const viewport = siteViewport

export default async function GlobalNotFound() {
  const site = await getSettings()
  return (
    <html lang="en">
      <body>
        <SiteBody>
          <NotFoundPage site={site} />
        </SiteBody>
      </body>
    </html>
  )
}
