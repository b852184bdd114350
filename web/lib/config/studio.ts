import { DEFAULT_DATASET, DEFAULT_LAKE_PORT, SANITY_API_VERSION, type Env } from './env.ts'

/**
 * The Studio needs a project id even offline (schema validation, typegen and `sanity build` run
 * without one), so a clearly fake id stands in until a real project is configured. With no project
 * the Studio talks to the local Content Lake over plain HTTP: `localhost` (not 127.0.0.1), because the
 * client calls `<projectId>.localhost`, which browsers resolve to loopback. Reads NEXT_PUBLIC_SANITY_PROJECT_ID or
 * SANITY_STUDIO_PROJECT_ID, NEXT_PUBLIC_SANITY_DATASET or SANITY_STUDIO_DATASET,
 * NEXT_PUBLIC_SANITY_API_VERSION, NEXT_PUBLIC_SANITY_API_HOST and NEXT_PUBLIC_SANITY_LAKE_PORT.
 */
export function studioConfig(env: Env) {
  const configuredProjectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim() || env.SANITY_STUDIO_PROJECT_ID?.trim()
  const lakePort = env.NEXT_PUBLIC_SANITY_LAKE_PORT?.trim() || DEFAULT_LAKE_PORT
  const apiHost = env.NEXT_PUBLIC_SANITY_API_HOST?.trim() || (configuredProjectId ? undefined : `http://localhost:${lakePort}`)
  return {
    projectId: configuredProjectId || 'offline0',
    dataset: env.NEXT_PUBLIC_SANITY_DATASET?.trim() || env.SANITY_STUDIO_DATASET?.trim() || DEFAULT_DATASET,
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION?.trim() || SANITY_API_VERSION,
    apiHost,
    lakePort,
    /** True when the Studio runs on the local Content Lake, which serves no comments, tasks, releases or scheduling. */
    localLake: apiHost !== undefined && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(apiHost),
  }
}
