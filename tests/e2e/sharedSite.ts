import { inject } from 'vitest'

/**
 * The shared production server of the worker this file runs on (tests/e2e/server.ts starts one per
 * worker): a file that needs the site as it is built, with no extra environment, uses this one rather
 * than starting its own.
 */
export function sharedSiteUrl(): string {
  const urls = inject('siteUrls')
  const worker = Number(process.env.VITEST_POOL_ID || 1)
  return urls[(worker - 1) % urls.length]!
}
