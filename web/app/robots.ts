import type { MetadataRoute } from 'next'
import { robotsRules } from '@/lib/robots'
import { siteUrl } from '@/lib/site'

/** /robots.txt: the rules of web/lib/robots.ts for this site's address. */
export default function robots(): MetadataRoute.Robots {
  return robotsRules(siteUrl())
}
