import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_PATH } from './browser'
import { startSite, type NextServer } from './nextServer'
import { SHARED_SITE_PORTS } from './ports'
import { retryLog } from '../support/retries'
import { printAssertionCount, resetAssertionCount } from '../support/assertionCount'

/**
 * Starts the production server (`npm start` = web/server/main.ts: the front and Next behind it) on
 * the existing production build (npm test builds first), one per worker (`maxWorkers`): two files run
 * at once, each on its own worker's server (tests/e2e/sharedSite.ts), so no file meets another's
 * traffic, page copies or render queue. The first server is ready before any file starts; the others
 * start meanwhile, and a file on their worker waits for its own (tests/e2e/laneReady.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server of each worker: index VITEST_POOL_ID − 1. */
    siteUrls: string[]
  }
}

const servers: NextServer[] = []

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROME_PATH).`)
  }
  if (!existsSync(path.join(root, 'web', process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first (npm test does).')
  }
  process.env.E2E_RETRY_LOG = path.join(mkdtempSync(path.join(tmpdir(), 'lpe-e2e-retries-')), 'retries.log')
  resetAssertionCount('e2e')
  const ports = SHARED_SITE_PORTS.slice(0, Math.max(1, Math.min(SHARED_SITE_PORTS.length, project.config.maxWorkers)))
  const starts = ports.map((port) =>
    startSite(port).then((server) => {
      servers.push(server)
      return server
    }),
  )
  for (const later of starts.slice(1)) later.catch((error: unknown) => console.error(`[e2e] a shared server did not start: ${(error as Error).message}`))
  await starts[0]
  project.provide('siteUrls', ports.map((port) => `http://127.0.0.1:${port}`))
  return async () => {
    await Promise.allSettled(starts)
    await Promise.all(servers.map((server) => server.stop()))
    // Every retry a test still needed (tests/support/retries.ts): the goal is none.
    const retries = existsSync(retryLog()) ? readFileSync(retryLog(), 'utf8').split('\n').filter(Boolean) : []
    rmSync(path.dirname(retryLog()), { recursive: true, force: true })
    printAssertionCount('e2e')
    console.log(`\nRetries in this run: ${retries.length}${retries.map((line) => `\n  ${line}`).join('')}`)
  }
}
