/**
 * Whether this browser can reach the local Content Lake yet (scripts/lake, plain HTTP on this machine):
 * not while it is not running, when every request fails the way a network error does and the Studio
 * would say "Couldn't reach the Sanity servers". The Studio calls the lake on two hosts: its own
 * (`localhost:PORT`, for users/me) and the project's (`<projectId>.localhost:PORT`, for data).
 */

/** The origins the Studio calls on a lake at `apiHost`: the host itself and the project's subdomain. */
export function lakeOrigins(apiHost: string, projectId: string): string[] {
  const { protocol, host } = new URL(apiHost)
  return [`${protocol}//${projectId}.${host}`, `${protocol}//${host}`]
}

/** The address that answers for one origin when the lake runs: the lake's ping. */
export const pingUrl = (origin: string) => `${origin}/v1/ping`

/** The origins of `origins` this browser cannot fetch yet (the lake not running). */
export async function unreachableOrigins(origins: string[], fetchOnce: (url: string) => Promise<Response> = (url) => fetch(url, { cache: 'no-store' })): Promise<string[]> {
  const reached = await Promise.all(
    origins.map(async (origin) => {
      try {
        return (await fetchOnce(pingUrl(origin))).ok
      } catch {
        return false
      }
    }),
  )
  return origins.filter((_, index) => !reached[index])
}
