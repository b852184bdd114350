/**
 * Runs once in each server process before Next routes a request. On plain `next start` it installs the
 * guard for requests Next's router would answer itself without the site's headers (web/server/nextStartGuard.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NODE_ENV !== 'production') return
  const [{ guardNextStart }, { commonHeaders, headerOptionsFor }, { serverConfig }] = await Promise.all([import('./server/nextStartGuard.ts'), import('./lib/securityHeaders.ts'), import('./lib/config.ts')])
  if (serverConfig().onVercel) return
  guardNextStart(Object.fromEntries(commonHeaders(headerOptionsFor(process.env, true)).map(({ key, value }) => [key, value])))
}
