import type { ReactNode } from 'react'
import { SiteBody, siteMetadata, siteViewport } from '@/content/SiteBody'
import '../globals.css'

export const generateMetadata = siteMetadata
export const viewport = siteViewport

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteBody>{children}</SiteBody>
}
