/**
 * Response headers for every page. The Content-Security-Policy allows only the hosts in use
 * (this site, Sanity's image CDN, the Supabase host when configured) and lets only the Studio's
 * origin frame the site (its Presentation tool shows pages in an iframe).
 *
 * Here inline scripts are still allowed (`next dev`, plain `next start`): Next writes its page data
 * as inline scripts and a per-request nonce would make every page render on demand. The production
 * server (web/server) replaces that with each page's own script hashes (scriptHashes.ts).
 */
export interface HeaderOptions {
  production: boolean
  supabaseOrigin?: string
  studioOrigin?: string
  /** A non-Sanity API host the Studio talks to (the local Content Lake): it and its project subdomains. */
  studioApiHost?: string
}

function apiHostSources(apiHost: string | undefined, sockets = false): string {
  if (!apiHost) return ''
  const { protocol, host, hostname, port } = new URL(apiHost)
  // A local lake answers on localhost and 127.0.0.1 alike (its certificate names both).
  const hosts = hostname === 'localhost' ? [host, `*.${host}`, `127.0.0.1${port ? `:${port}` : ''}`] : [host, `*.${host}`]
  const schemes = sockets ? [protocol, protocol === 'https:' ? 'wss:' : 'ws:'] : [protocol]
  return schemes.flatMap((scheme) => hosts.map((each) => ` ${scheme}//${each}`)).join('')
}

export function pageCsp({ production, supabaseOrigin, studioOrigin, studioApiHost }: HeaderOptions): string {
  const images = ["'self'", 'data:', 'blob:', 'https://cdn.sanity.io', supabaseOrigin].filter(Boolean).join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self'",
    // A draft-mode page listens to the Live Content API where the Studio talks (web/content/LivePreview.tsx).
    // A local lake's address is allowed here only under `next dev`; in production the front adds it to
    // draft-mode pages alone (server/main.ts), so no visitor's page names a loopback address.
    `connect-src 'self' https://*.sanity.io wss://*.sanity.io${studioApiHost && !production ? ` ${new URL(studioApiHost).origin}` : ''}${production ? '' : ' ws:'}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${studioOrigin ? ` ${studioOrigin}` : ''}`,
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/**
 * The embedded Studio talks to Sanity's APIs and CDN and loads its own assets from them. On a
 * local Content Lake it also opens the lake's websocket (presence) and event streams, so those are
 * allowed too; sanity-cdn.com is where the Studio checks for a newer version of itself.
 */
export function studioCsp({ production, studioApiHost }: HeaderOptions): string {
  const lake = apiHostSources(studioApiHost)
  const lakeConnect = apiHostSources(studioApiHost, true)
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"} https://*.sanity.io https://core.sanity-cdn.com`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://*.sanity.io https://lh3.googleusercontent.com https://*.githubusercontent.com${lake}`,
    "font-src 'self' data: https://design-system-static.sanity.io",
    `connect-src 'self' https://*.sanity.io wss://*.sanity.io https://*.sanity.work https://sanity-cdn.com https://core.sanity-cdn.com${lakeConnect}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

export function commonHeaders({ production }: HeaderOptions): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // No interest-cohort: FLoC was withdrawn and Chrome reports the unknown feature (issue 25: header bytes count too).
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
  ]
}
