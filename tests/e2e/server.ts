import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_PATH } from './browser'
import { startSite, type NextServer } from './nextServer'
import { RETRY_LOG } from '../support/retries'
import { printAssertionCount, resetAssertionCount } from '../support/assertionCount'

/**
 * Starts the production server (`npm start` = web/server/main.ts: the front and Next behind it) on
 * the existing production build (npm test builds first) and hands the base
 * URL to the tests.
 */
const PORT = Number(process.env.E2E_PORT || 3107)

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

let server: NextServer | undefined

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROME_PATH).`)
  }
  if (!existsSync(path.join(root, 'web', process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first (npm test does).')
  }
  rmSync(RETRY_LOG, { force: true })
  resetAssertionCount('e2e')
  server = await startSite(PORT)
  project.provide('baseUrl', server.url)
  return async () => {
    await server?.stop()
    // Every retry a test still needed (tests/support/retries.ts): the goal is none.
    const retries = existsSync(RETRY_LOG) ? readFileSync(RETRY_LOG, 'utf8').split('\n').filter(Boolean) : []
    printAssertionCount('e2e')
    console.log(`\nRetries in this run: ${retries.length}${retries.map((line) => `\n  ${line}`).join('')}`)
  }
}
