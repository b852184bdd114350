import type { MetadataRoute } from 'next'
import { siteUrl } from '@/lib/site'

/** /robots.txt: everything but the Studio, the API and the internal personalized routes; points at the sitemap. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/studio', '/api/', '/personalized/'] },
    sitemap: new URL('/sitemap.xml', siteUrl()).toString(),
  }
}
