import nextEnv from '@next/env'
import type { NextConfig } from 'next'
import { assertEnv, readConfig } from './web/lib/config.ts'
import { optimizedImageHosts } from './web/lib/imageHosts.ts'
import { commonHeaders, headerOptionsFor, pageCsp, studioCsp } from './web/lib/securityHeaders.ts'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = path.dirname(fileURLToPath(import.meta.url))

// Next reads .env files only from its project directory (web/). The project keeps one .env at the
// top level, so load it here; `true` forces a reload even though Next already loaded web/.env*.
nextEnv.loadEnvConfig(rootDir, process.env.NODE_ENV !== 'production', console, true)

// The site's own settings: validated (errors stop the build) and typed in web/lib/config.ts.
assertEnv(process.env)
const config = readConfig(process.env)
const headerOptions = headerOptionsFor(process.env, process.env.NODE_ENV === 'production')

const nextConfig: NextConfig = {
  // Tests build a second copy of the site against a Content Lake stand-in into its own folder.
  distDir: config.distDir,
  // ISR and data cache: in memory with a byte cap, or shared by every instance on Redis when
  // REDIS_URL is set (web/server/cache/cacheHandler.ts). Next's own copies would be unbounded.
  // SITE_CACHE=next keeps Next's own cache instead (for `npm run bench:storage`'s "before").
  ...(config.nextOwnCache ? {} : { cacheHandler: path.join(rootDir, 'web/server/cache/cacheHandler.ts'), cacheMaxMemorySize: 0 }),
  poweredByHeader: false,
  // The request hook (web/proxy.ts) redirects an address with a trailing slash itself, with the security
  // headers; Next's own redirect carries none.
  skipTrailingSlashRedirect: true,
  // `next dev` serves its scripts and HMR socket only to localhost pages unless told: the site (and
  // the Studio) opened at 127.0.0.1 would otherwise hang on a spinner.
  allowedDevOrigins: ['127.0.0.1'],
  // Next hashes every HTML body in JavaScript on every request to make an ETag (11 % of the server's
  // CPU for a cached page, measured with --cpu-prof). Ad visitors arrive once, so 304s save nothing.
  generateEtags: false,
  reactStrictMode: true,
  // No framework badge or issues overlay over the Studio under `next dev`: an editor works there too, and the
  // Studio's offline version check (it asks sanity-cdn.com) would show as an issue they cannot act on.
  devIndicators: false,
  experimental: {
    // app/global-not-found.tsx answers unknown addresses, so no page carries the whole 404 page in its flight data.
    globalNotFound: true,
    // Turbopack's compile cache on disk speeds up the next build or dev start, and costs a cold build 20–37 s to
    // write: a build nobody builds again (CI's clean clone, a test's throwaway folder) goes without it.
    ...(config.compileCache ? {} : { turbopackFileSystemCacheForBuild: false, turbopackFileSystemCacheForDev: false }),
  },
  // npm test's build skips the type check its static checks ran already (BUILD_TYPECHECK=off, scripts/testBuild.ts).
  typescript: { tsconfigPath: '../tsconfig.json', ignoreBuildErrors: !config.buildTypecheck },
  turbopack: { root: rootDir },
  outputFileTracingRoot: rootDir,
  async headers() {
    return [
      { source: '/:path*', headers: commonHeaders(headerOptions) },
      { source: '/:path((?!studio(?:/|$)).*)', headers: [{ key: 'Content-Security-Policy', value: pageCsp(headerOptions) }] },
      { source: '/studio/:path*', headers: [{ key: 'Content-Security-Policy', value: studioCsp(headerOptions) }] },
    ]
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // The hosts the optimiser fetches from (web/lib/imageHosts.ts); the local lake's images bypass it.
    remotePatterns: optimizedImageHosts(headerOptions.supabaseOrigin),
  },
}

export default nextConfig
