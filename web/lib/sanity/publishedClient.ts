import type { ClientConfig } from '@sanity/client'
import type { RemoteSanityConfig } from '../config.ts'

/**
 * How the site reads published content from a Sanity project: the one client configuration used by
 * the site's fetch (web/lib/sanity/fetch.ts, through next-sanity) and by the launch check, which runs
 * outside Next (web/content/launchCheck.ts).
 */
export function publishedClientConfig(config: RemoteSanityConfig): ClientConfig {
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    token: config.token,
    perspective: 'published',
    useCdn: !config.token && !config.apiHost,
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
  }
}
