import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { enrollmentValue } from '../../web/lib/personalization/enrollment.ts'

/** Builds and starts the site's production server with extra environment; resolves once it answers. */
export interface NextServer {
  url: string
  pid: number | undefined
  logs: string[]
  stop(): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Builds the site with extra environment into env.NEXT_DIST_DIR. With `compiledIn` (a finished build's
 * folder), the compile is taken from that build and only Next's generate step runs (`next build
 * --experimental-build-mode generate`: collecting page data and prerendering, where content is read),
 * so a test of what a build does with its content costs seconds, not a whole compile.
 */
export async function buildNext(env: Record<string, string>, { compiledIn }: { compiledIn?: string } = {}): Promise<void> {
  // A separate build starts from nothing: Next keeps its fetch cache between builds in the same folder.
  if (env.NEXT_DIST_DIR) rmSync(path.join(ROOT, 'web', env.NEXT_DIST_DIR), { recursive: true, force: true })
  if (compiledIn) {
    if (!env.NEXT_DIST_DIR) throw new Error('buildNext: a build from another compile needs a NEXT_DIST_DIR of its own')
    const from = path.join(ROOT, 'web', compiledIn)
    cpSync(from, path.join(ROOT, 'web', env.NEXT_DIST_DIR), { recursive: true, filter: (source) => source !== path.join(from, 'cache') })
  }
  const mode = compiledIn ? ['--experimental-build-mode', 'generate'] : []
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build', 'web', ...mode], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`next build failed (${code}):\n${output.join('').slice(-20000)}`)
}

/** The secret the servers the tests start sign A/B enrollment cookies with (SITE_SECRET). */
export const TEST_SITE_SECRET = 'e2e-site-secret-for-signing-enrollment-cookies'

/** A version cookie (`name=value`) as the servers the tests start would have set it: signed with TEST_SITE_SECRET. */
export function signedArmCookie(test: string, arm: string, visitor = 'AAAAAAAAAAAAAAAAAAAAAA'): string {
  return `lpe_ab_${test}=${enrollmentValue(test, arm, visitor, TEST_SITE_SECRET)}`
}

/**
 * Starts the production server (`npm start`: web/server/main.ts, the front and Next behind it) on
 * the production build; `server: 'next'` starts plain `next start` instead, for comparison benches.
 * Each server keeps its numbers in a folder of its own (its SQLite store and outbox, unless `env` names
 * them), removed when it stops: two test files running at once never write one file.
 */
export async function startSite(port: number, env: Record<string, string> = {}, server: 'site' | 'next' = 'site'): Promise<NextServer> {
  const logs: string[] = []
  const dataDir = mkdtempSync(path.join(tmpdir(), `site-${port}-`))
  const removeData = () => rmSync(dataDir, { recursive: true, force: true })
  const ownData = { CALL_LOG_FILE: path.join(dataDir, 'calls.sqlite'), OUTBOX_FILE: path.join(dataDir, 'outbox.sqlite') }
  const command =
    server === 'site'
      ? [path.join(ROOT, 'web/server/main.ts'), '-p', String(port), '-H', '127.0.0.1']
      : [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', 'web', '-p', String(port), '-H', '127.0.0.1']
  const child: ChildProcess = spawn(
    process.execPath,
    command,
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SITE_SECRET: TEST_SITE_SECRET, ...ownData, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const collect = (chunk: Buffer) => {
    logs.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (process.env.E2E_VERBOSE) process.stdout.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      removeData()
      throw new Error(`the server exited (${child.exitCode}): ${logs.join('\n').slice(-4000)}`)
    }
    try {
      await fetch(url, { redirect: 'manual' })
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not answer at ${url}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return {
    url,
    pid: child.pid,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          removeData()
          resolve()
        }
        // Already gone (exited, or killed by a test).
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}
