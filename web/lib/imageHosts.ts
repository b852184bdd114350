/**
 * Where the site's images may come from, and how each is delivered:
 * - Sanity's image CDN and the Supabase public bucket go through Next's image optimiser
 *   (next.config.ts lists them as its remote patterns);
 * - the local Content Lake's images (scripts/lake, `npm run dev` with no Sanity project) are served
 *   to the browser as they are: the optimiser refuses loopback hosts, so they never go through it, and
 *   the production optimiser stays strict;
 * - an image the optimiser still refuses (a host nobody configured) is replaced by the page's
 *   fallback, and the server log says why, so no published image can make a page fail.
 */
export interface RemoteImagePattern {
  protocol: 'https'
  hostname: string
  pathname: string
}

/** The optimiser's remote patterns: the Content Lake's CDN, and the Supabase bucket when Supabase is configured. */
export function optimizedImageHosts(supabaseUrl: string | undefined): RemoteImagePattern[] {
  return [
    { protocol: 'https', hostname: 'cdn.sanity.io', pathname: '/images/**' },
    ...(supabaseUrl ? [{ protocol: 'https' as const, hostname: new URL(supabaseUrl).hostname, pathname: '/storage/v1/object/public/**' }] : []),
  ]
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}

/** Whether the site reads its content from a local Content Lake (its API host is a loopback address). */
export function readsLocalLake(apiHost: string | undefined): boolean {
  const hostname = apiHost ? hostnameOf(apiHost) : null
  return hostname !== null && LOOPBACK.test(hostname)
}

/** Whether an image is the local Content Lake's own (served as it is, never through the optimiser). */
export function isLocalLakeImage(src: string, localLake: boolean): boolean {
  const hostname = hostnameOf(src)
  return localLake && hostname !== null && LOOPBACK.test(hostname)
}
