import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_PATH } from './browser'

/**
 * Starts `next start` on the existing production build (npm test builds first) on a free port and
 * hands the base URL to the tests. The server's output is kept so tests can read its logs.
 */
const PORT = Number(process.env.E2E_PORT || 3107)

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

let server: ChildProcess | undefined

async function waitForServer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: 'manual' })
      if (response.status > 0) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`next start did not answer at ${url}`)
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROME_PATH).`)
  }
  if (!existsSync(path.join(root, 'web/.next/BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first (npm test does).')
  }
  const nextBin = path.join(root, 'node_modules/next/dist/bin/next')
  server = spawn(process.execPath, [nextBin, 'start', 'web', '-p', String(PORT), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => process.env.E2E_VERBOSE && process.stdout.write(chunk))
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
  const baseUrl = `http://127.0.0.1:${PORT}`
  await waitForServer(baseUrl, Date.now() + 60_000)
  project.provide('baseUrl', baseUrl)
  return async () => {
    server?.kill('SIGTERM')
  }
}
