/**
 * The environment that points the site (its build and its server) at a local Content Lake: what
 * `npm run dev` sets with no Sanity project, and what the tests that build the site on a lake set.
 */
export interface SiteOnLake {
  /** The lake's port: the site's server-side client and a browser's Studio both use it. */
  port: number
  /** The publish webhook's secret, shared by the lake and /api/revalidate. */
  webhookSecret: string
  readToken: string
  projectId?: string
  /** A build folder of its own under web/ (tests), so builds on different lakes never mix. */
  distDir?: string
}

type SiteEnv = Record<
  'NEXT_PUBLIC_SANITY_PROJECT_ID' | 'NEXT_PUBLIC_SANITY_DATASET' | 'SANITY_API_HOST' | 'SANITY_API_READ_TOKEN' | 'SANITY_REVALIDATE_SECRET' | 'SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT',
  string
> &
  Record<string, string>

export function siteEnvOnLake(lake: SiteOnLake): SiteEnv {
  return {
    NEXT_PUBLIC_SANITY_PROJECT_ID: lake.projectId ?? 'offline0',
    NEXT_PUBLIC_SANITY_DATASET: 'production',
    SANITY_API_HOST: `http://127.0.0.1:${lake.port}`,
    // `localhost`, not 127.0.0.1: the Studio's client calls <projectId>.localhost, which browsers resolve to loopback.
    NEXT_PUBLIC_SANITY_API_HOST: `http://localhost:${lake.port}`,
    SANITY_API_READ_TOKEN: lake.readToken,
    SANITY_REVALIDATE_SECRET: lake.webhookSecret,
    // The lake is consistent at once: /api/revalidate need not give it Sanity's 3 s before refetching.
    SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT: 'true',
    ...(lake.distDir ? { NEXT_DIST_DIR: lake.distDir } : {}),
  }
}
