/**
 * Studio-side settings. The Studio needs a project id even offline (schema validation, typegen and
 * `sanity build` run without one), so a clearly fake id stands in until a real project is configured.
 */
const configuredProjectId = process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || process.env.SANITY_STUDIO_PROJECT_ID

/**
 * Where `npm run dev` serves the local Content Lake (scripts/lake) to the browser when no project is
 * configured: HTTPS with HTTP/2 (the Studio keeps more than 6 connections open).
 */
export const LOCAL_LAKE_PORT = process.env.NEXT_PUBLIC_SANITY_LAKE_PORT || '3335'

/**
 * With no Sanity project the Studio talks to the local Content Lake. `localhost` (not 127.0.0.1):
 * the client calls `<projectId>.localhost`, which browsers resolve to loopback.
 */
const apiHost = process.env.NEXT_PUBLIC_SANITY_API_HOST || (configuredProjectId ? undefined : `https://localhost:${LOCAL_LAKE_PORT}`)

/** The same choice for server-side code (next.config.ts: the Studio's Content-Security-Policy). */
export function studioApiHost(env: Record<string, string | undefined>): string | undefined {
  const projectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID || env.SANITY_STUDIO_PROJECT_ID
  return env.NEXT_PUBLIC_SANITY_API_HOST || (projectId ? undefined : `https://localhost:${env.NEXT_PUBLIC_SANITY_LAKE_PORT || '3335'}`)
}

export const studioEnv = {
  projectId: configuredProjectId || 'offline0',
  dataset: process.env.NEXT_PUBLIC_SANITY_DATASET || process.env.SANITY_STUDIO_DATASET || 'production',
  apiVersion: process.env.NEXT_PUBLIC_SANITY_API_VERSION || '2025-06-01',
  apiHost,
  /** True when the Studio runs on the local Content Lake, which serves no comments, tasks, releases or scheduling. */
  localLake: apiHost !== undefined && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(apiHost),
}
