import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { connect } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNdjson } from '../../web/lib/sanity/localDataset'
import { freshMachineStudioPage } from './browser'
import { until, untilSteady } from './studioSession'

/**
 * A developer's first `npm run dev` on a fresh machine, the command itself: the local Content Lake and `next dev`
 * (scripts/lake/dev.ts), then a browser with a new profile and no trust store (no mkcert, no exception accepted)
 * opens the Studio at the address the command prints and reads Site settings from the lake, with no certificate
 * warning and no step to take first. The lake edits a copy of the dataset, and `next dev` writes to a folder of its
 * own (NEXT_DIST_DIR), so neither the repository's dataset nor a developer's running dev server is touched; that
 * folder is thrown away after, so it gets no compile cache on disk (NEXT_COMPILE_CACHE=off: 160 → 115 s alone).
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const SITE_PORT = 4008
const LAKE_PORT = 4009
const DIST_DIR = '.next-dev-e2e'

const work = mkdtempSync(path.join(tmpdir(), 'dev-e2e-'))
const dataDir = path.join(work, 'dataset')
const home = path.join(work, 'home')
const output: string[] = []
let dev: ChildProcess

/** The phone number Site settings holds in the dataset the lake serves (published: a fresh machine has no drafts). */
function datasetPhone(): string {
  const settings = parseNdjson(readFileSync(path.join(dataDir, 'production.ndjson'), 'utf8')).find((document) => document._id === 'siteSettings')
  return String(settings?.phone)
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.setTimeout(1000, () => socket.destroy())
    socket.unref()
  })
}

beforeAll(async () => {
  // The published dataset only, as a fresh clone has it (drafts.ndjson is a developer's own, git-ignored).
  mkdirSync(dataDir)
  copyFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), path.join(dataDir, 'production.ndjson'))
  dev = spawn('npm', ['run', 'dev', '--', '-p', String(SITE_PORT)], {
    cwd: ROOT,
    // Its own process group, so the lake and next dev stop with it.
    detached: true,
    env: { ...process.env, NODE_ENV: 'development', NEXT_TELEMETRY_DISABLED: '1', SANITY_LAKE_PORT: String(LAKE_PORT), SANITY_LAKE_DATA: dataDir, NEXT_DIST_DIR: DIST_DIR, NEXT_COMPILE_CACHE: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean))
  dev.stdout?.on('data', collect)
  dev.stderr?.on('data', collect)
  // Listening is enough: any request would compile a route first.
  await until('`npm run dev` listens', async () => dev.exitCode === null && (await listening(SITE_PORT)), 120_000).catch((error: Error) => {
    throw new Error(`${error.message} (exit code ${dev.exitCode}):\n${output.join('\n')}`)
  })
}, 180_000)

afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve))
    process.kill(-dev.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
  rmSync(work, { recursive: true, force: true })
  rmSync(path.join(ROOT, 'web', DIST_DIR), { recursive: true, force: true })
})

describe('`npm run dev` on a fresh machine (issue 58)', () => {
  it('prints a plain-HTTP lake and Studio address, and a fresh browser profile opens the Studio there and reads Site settings, with no certificate warning', async () => {
    // What the command tells the developer: the lake over plain HTTP and where the Studio is.
    expect(output.join('\n')).toContain(`local Content Lake on http://127.0.0.1:${LAKE_PORT}: the Studio at http://localhost:${SITE_PORT}/studio`)
    const { browser, page, refused } = await freshMachineStudioPage(home)
    try {
      // The first request compiles the Studio's route (a minute or more on two cores, minutes beside other work).
      await page.goto(`http://localhost:${SITE_PORT}/studio/structure/siteSettings`, { waitUntil: 'commit', timeout: 420_000 })
      const phone = datasetPhone()
      await untilSteady(
        'Site settings’ phone number is read from the lake',
        async () => (await page.locator('input#phone').inputValue().catch(() => '')) === phone,
        180_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\nnpm run dev printed:\n${output.slice(-40).join('\n')}`)
      })
      expect(page.url()).toMatch(new RegExp(`^http://localhost:${SITE_PORT}/studio/structure/siteSettings`))
      expect(await page.getByRole('heading', { name: /Content Lake is not answering/ }).count()).toBe(0)
      expect(refused).toEqual([])
    } finally {
      await browser.close()
    }
  }, 660_000)
})
