import type { MetadataRoute } from 'next'

/**
 * What /robots.txt says (web/app/robots.ts serves it): everything but the Studio, the API and the
 * internal personalized routes; points at the sitemap. Here, outside the route, so the launch check
 * (web/lib/launch/checks.ts) reads the same rules the site serves.
 */
export function robotsRules(siteUrl: URL): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/studio', '/api/', '/personalized/'] },
    sitemap: new URL('/sitemap.xml', siteUrl).toString(),
  }
}
