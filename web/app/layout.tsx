import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { VisualEditing } from 'next-sanity/visual-editing'
import { CallTracking } from '@/components/CallTracking'
import { isDraftMode } from '@/lib/sanity/draft'
import { getSettings } from '@/content/loaders'
import { siteUrl } from '@/lib/site'
import './globals.css'

export async function generateMetadata(): Promise<Metadata> {
  const site = await getSettings()
  return {
    metadataBase: siteUrl(),
    title: site.seo?.title ?? site.brandName,
    description: site.seo?.description,
    applicationName: site.brandName,
    formatDetection: { telephone: false },
  }
}

export const viewport: Viewport = { themeColor: '#0b4d3a', width: 'device-width', initialScale: 1 }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [site, previewing] = await Promise.all([getSettings(), isDraftMode()])
  return (
    <html lang="en">
      <body>
        <CallTracking site={site} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:font-bold"
        >
          {site.skipLinkLabel}
        </a>
        {children}
        {/* Click-to-edit overlays for the Studio's Presentation tool: in draft mode only, never in public pages. */}
        {previewing ? <VisualEditing /> : null}
      </body>
    </html>
  )
}
