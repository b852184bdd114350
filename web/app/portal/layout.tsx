import type { ReactNode } from 'react'
import { portalMetadata } from '@/content/PortalPages'
import { siteViewport } from '@/content/SiteBody'
import '../globals.css'

/** The provider portal (docs/providers.md): the site's styles, not indexed, nothing of the site's call tracking. */
export const generateMetadata = portalMetadata
export const viewport = siteViewport

export default function PortalLayout({ children }: { children: ReactNode }) {
  return children
}
