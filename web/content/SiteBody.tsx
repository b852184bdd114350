import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { CallTracking } from '@/components/CallTracking'
import { isDraftMode } from '@/lib/sanity/draft'
import { siteUrl } from '@/lib/site'
import { LivePreview } from './LivePreview'
import { getSettings } from './loaders'

/**
 * What every page of the site has around its content, and no Studio page has: the call tracker
 * (first in the body, so a tap counts before React hydrates), the skip link, the Presentation
 * tool's overlays in draft mode, and the title and description from Site settings. Used by the
 * site's layout (app/(site)/layout.tsx) and by the not-found page, which Next renders outside it.
 */
export async function siteMetadata(): Promise<Metadata> {
  const site = await getSettings()
  return {
    metadataBase: siteUrl(),
    title: site.seo?.title ?? site.brandName,
    description: site.seo?.description,
    applicationName: site.brandName,
    formatDetection: { telephone: false },
  }
}

export const siteViewport: Viewport = { themeColor: '#0b4d3a', width: 'device-width', initialScale: 1 }

export async function SiteBody({ children }: { children: ReactNode }) {
  const [site, previewing] = await Promise.all([getSettings(), isDraftMode()])
  return (
    <>
      <CallTracking site={site} />
      <a
        href="#main"
        className="skip-link"
      >
        {site.skipLinkLabel}
      </a>
      {children}
      {/* The Presentation tool's overlays and live refresh: in draft mode only, never in public pages. */}
      {previewing ? <LivePreview /> : null}
    </>
  )
}
