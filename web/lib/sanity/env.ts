/**
 * Where content comes from. With NEXT_PUBLIC_SANITY_PROJECT_ID set the site reads the Content Lake;
 * without it, the bundled dataset in studio/dataset. Read once per process.
 */
export interface RemoteSanityConfig {
  projectId: string
  dataset: string
  apiVersion: string
  /** Only for tests against a loopback stand-in of the Content Lake. */
  apiHost: string | undefined
  token: string | undefined
}

export const SANITY_API_VERSION = process.env.NEXT_PUBLIC_SANITY_API_VERSION || '2025-06-01'

export function readSanityConfig(env: Record<string, string | undefined> = process.env): RemoteSanityConfig | null {
  const projectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim()
  if (!projectId) return null
  return {
    projectId,
    dataset: env.NEXT_PUBLIC_SANITY_DATASET?.trim() || 'production',
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION?.trim() || SANITY_API_VERSION,
    apiHost: env.SANITY_API_HOST?.trim() || undefined,
    token: env.SANITY_API_READ_TOKEN?.trim() || undefined,
  }
}
