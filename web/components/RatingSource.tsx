import type { SiteSettings } from '@/lib/site'

/**
 * Where a shown rating comes from: a link to the reviews address Site settings name (e.g. the business's Google
 * reviews), so a score or a review count on a page is never one nobody can check. Nothing without an address
 * (the launch check blocks such a rating: `[rating-source]`).
 */
export function RatingSource({ site, className = '' }: { site: Pick<SiteSettings, 'reviewsUrl' | 'reviewsLabel'>; className?: string }) {
  if (!site.reviewsUrl || !site.reviewsLabel) return null
  return (
    <a href={site.reviewsUrl} rel="nofollow noopener" className={`underline underline-offset-4 ${className}`} data-testid="rating-source">
      {site.reviewsLabel}
    </a>
  )
}
