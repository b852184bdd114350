/**
 * The provider portal's addresses: private to the signed-in provider, so never personalized, never kept by the
 * front's page cache or a shared cache, never in the sitemap (web/proxy.ts and web/server/pageRequests.ts ask here).
 */
export const PORTAL_PATH = '/portal'

export const isPortalPath = (path: string): boolean => path === PORTAL_PATH || path.startsWith(`${PORTAL_PATH}/`)

/** What every portal answer carries: this visitor's only, stored by no cache, indexed by no search engine. */
export const PORTAL_HEADERS = {
  'cache-control': 'private, no-store',
  'cdn-cache-control': 'no-store',
  'surrogate-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
} as const

/** The portal's forms, posted to /portal/auth/provider/<form> (web/lib/portal/forms.ts). */
export const PORTAL_FORMS = ['sign-in', 'sign-out', 'dispute', 'pause', 'resume', 'away', 'away-remove'] as const
