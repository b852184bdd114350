import { readConfig, studioConfig, type Env } from './config.ts'

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

/** The header options an environment describes: next.config.ts's, and the request hook's for a draft-mode page. */
export function headerOptionsFor(env: Env, production: boolean): HeaderOptions {
  const config = readConfig(env)
  const supabaseHost = config.supabase ? new URL(config.supabase.url).hostname : undefined
  return {
    production,
    supabaseOrigin: supabaseHost ? `https://${supabaseHost}` : undefined,
    studioOrigin: config.studioOrigin,
    // With no Sanity project the Studio talks to the local Content Lake (scripts/lake).
    studioApiHost: studioConfig(env).apiHost,
  }
}

function apiHostSources(apiHost: string | undefined, sockets = false): string {
  if (!apiHost) return ''
  const { protocol, host, hostname, port } = new URL(apiHost)
  // A local lake answers on localhost and 127.0.0.1 alike (its certificate names both).
  const hosts = hostname === 'localhost' ? [host, `*.${host}`, `127.0.0.1${port ? `:${port}` : ''}`] : [host, `*.${host}`]
  const schemes = sockets ? [protocol, protocol === 'https:' ? 'wss:' : 'ws:'] : [protocol]
  return schemes.flatMap((scheme) => hosts.map((each) => ` ${scheme}//${each}`)).join('')
}

/** `draftPreview`: the policy of a draft-mode page (the Presentation preview), set by the request hook (web/proxy.ts). */
export function pageCsp({ production, supabaseOrigin, studioOrigin, studioApiHost, draftPreview = false }: HeaderOptions & { draftPreview?: boolean }): string {
  // The local lake's images are served as they are (web/lib/imageHosts.ts): allowed where its address is (see connect-src).
  const lakeOrigin = studioApiHost && (draftPreview || !production) ? new URL(studioApiHost).origin : undefined
  const images = ["'self'", 'data:', 'blob:', 'https://cdn.sanity.io', supabaseOrigin, lakeOrigin].filter(Boolean).join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self'",
    // A draft-mode page listens to the Live Content API where the Studio talks (web/content/LivePreview.tsx):
    // a local lake's address is allowed under `next dev` and on draft-mode pages only, so no visitor's page
    // names a loopback address.
    `connect-src 'self' https://*.sanity.io wss://*.sanity.io${lakeOrigin ? ` ${lakeOrigin}` : ''}${production ? '' : ' ws:'}`,
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
    // No interest-cohort: FLoC was withdrawn and Chrome reports the unknown feature (and header bytes count).
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
  ]
}
