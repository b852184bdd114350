import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallsReport } from '../../web/lib/campaigns/report'
import { migrations } from '../../web/lib/db/migrations/index'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { startPostgres, type Postgres } from '../support/postgres'
import { waitFor } from '../support/waitFor'
import { startSite, type NextServer } from './nextServer'

/**
 * One store of record for two instances of `npm start`, on a real PostgreSQL of the test's own:
 * - `npm run db:migrate` run twice at once leaves one schema; a server whose schema is behind refuses to start;
 * - 100 honest visitors, each served by one instance and tapping on the other: the Calls report of
 *   either instance counts all 100 and all their taps;
 * - PostgreSQL stopped in the middle of 1,000 taps: every tap answered 2xx is stored once it is back,
 *   and pages keep answering 200 meanwhile.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const PG_PORT = 5453
const LAKE_PORT = 4377
const PORTS = [3187, 3188] as const
const EDITOR_TOKEN = 'sk-editor-token-for-the-store'
const TEST_PAGE = '/store-test'
const TEST_NAME = 'store-headline'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const folder = mkdtempSync(path.join(tmpdir(), 'store-e2e-'))

let postgres: Postgres
let databaseUrl: string
let database: pg.Pool
let lake: LocalLake
const sites: NextServer[] = []

beforeAll(async () => {
  postgres = await startPostgres(PG_PORT)
  databaseUrl = await postgres.database('numbers')
  database = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  database.on('error', () => {})
}, 60_000)

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()))
  await lake?.close()
  await database?.end()
  postgres?.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const migrate = (env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['scripts/db/migrate.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATABASE_MIGRATION_URL: '', ...env } })

describe('npm run db:migrate', () => {
  it('run twice at once, applies each migration once: one schema', async () => {
    const runs = await Promise.all([migrate({ DATABASE_MIGRATION_URL: databaseUrl }), migrate({ DATABASE_URL: databaseUrl })])
    expect(runs.map((run) => run.stdout).join('')).toMatch(/Applied 0001_numbers/)
    const applied = await database.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations))
    const tables = await database.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'call_clicks', 'experiment_bots', 'experiment_visitors', 'experiment_weights', 'kysely_migration', 'kysely_migration_lock',
      'portal_account', 'portal_dispute_steps', 'portal_disputes', 'portal_session', 'portal_user', 'portal_verification', 'provider_pauses',
      'voice_calls', 'voice_exports', 'voice_leases', 'voice_legs', 'voice_outcome_changes', 'voice_pool', 'voice_pool_days', 'voice_pool_wants',
      'voice_provider_load', 'voice_provider_takes', 'voice_sms_optouts', 'voice_texts', 'voice_transcripts', 'voice_webhooks', 'webhook_deliveries',
    ])
    // Again: nothing to do.
    expect((await migrate({ DATABASE_URL: databaseUrl })).stdout).toMatch(/up to date/)
  }, 60_000)

  it('a server whose schema is behind refuses to start and names the command', async () => {
    const empty = await postgres.database('behind')
    await expect(startSite(PORTS[0], { DATABASE_URL: empty })).rejects.toThrow(/schema is behind.*npm run db:migrate/)
  }, 60_000)
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request from a given loopback address: the site budgets taps per address and network, as a real crowd spreads them. */
function send(site: NextServer, target: string, { method = 'GET', headers = {}, body, from }: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(site.url)
    const request = http.request(
      { host: '127.0.0.1', port, path: target, method, ...(from ? { localAddress: from } : {}), headers: { 'user-agent': PHONE_UA, connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

/** Runs `work` for 0..count-1, `width` at a time. */
async function inBatches(count: number, width: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++)
  }))
}

describe('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    // The schema the instances need (a second run of the migrations does nothing).
    await migrate({ DATABASE_URL: databaseUrl })
    const documents = bundledDocuments()
    const v2 = structuredClone(documents.find((doc) => doc._id === 'page-v2')!)
    documents.push({
      ...v2,
      _id: 'page-store-test',
      slug: { _type: 'slug', current: TEST_PAGE.slice(1) },
      adInputs: [],
      experiment: { name: { _type: 'slug', current: TEST_NAME }, arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday' }] },
    })
    lake = await startLocalLake({ documents, port: LAKE_PORT })
    lake.users.set(EDITOR_TOKEN, { id: 'pEditor1', name: 'Edna Editor', email: 'edna@example.com' })
    const env = (index: number) => ({
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'standin',
      NEXT_PUBLIC_SANITY_DATASET: 'production',
      SANITY_API_HOST: lake.url,
      DATABASE_URL: databaseUrl,
      OUTBOX_FILE: path.join(folder, `outbox-${index}.sqlite`),
    })
    sites.push(...(await Promise.all([startSite(PORTS[0], env(0)), startSite(PORTS[1], env(1))])))
    // The lake's page list reaches each instance's proxy within its refresh period.
    for (const site of sites) await waitFor(() => send(site, TEST_PAGE).then((answer) => String(answer.headers['set-cookie'] ?? '')), (cookie) => cookie.includes(`lpe_ab_${TEST_NAME}=`), 60_000)
  }, 180_000)

  it('100 visitors split over the instances: the report of either one counts all 100 and all their taps', async () => {
    await inBatches(100, 10, async (visitor) => {
      const [home, other] = [sites[visitor % 2]!, sites[(visitor + 1) % 2]!]
      const from = `127.20.${visitor}.1`
      const page = await send(home, TEST_PAGE, { from })
      expect(page.status).toBe(200)
      const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]!
      expect(cookie).toMatch(new RegExp(`^lpe_ab_${TEST_NAME}=(a|b)\\.`))
      expect((await send(home, '/api/calls', { method: 'POST', headers: { cookie }, body: { seen: true, page: TEST_PAGE }, from })).status).toBe(204)
      expect((await send(other, '/api/calls', { method: 'POST', headers: { cookie }, body: { page: TEST_PAGE, source: 'hero-button' }, from })).status).toBe(204)
    })
    for (const site of sites) {
      const answer = await send(site, '/api/calls/report', { headers: { authorization: `Bearer ${EDITOR_TOKEN}` } })
      expect(answer.status).toBe(200)
      const report = JSON.parse(answer.body) as CallsReport
      const test = report.experiments.find((candidate) => candidate.experiment === TEST_NAME)!
      const sum = (field: 'visitors' | 'converters' | 'taps') => test.arms.reduce((total, arm) => total + arm[field], 0)
      expect([sum('visitors'), sum('converters'), sum('taps')]).toEqual([100, 100, 100])
      expect(report.days.filter((row) => row.page === TEST_PAGE).reduce((total, row) => total + row.taps, 0)).toBe(100)
    }
  }, 120_000)

  it('PostgreSQL stopped in the middle of 1,000 taps: every tap answered 2xx is stored, and pages keep answering 200', async () => {
    const acknowledged: string[] = []
    const statuses: number[] = []
    const pageStatuses: number[] = []
    let stopped = false
    let restarted = false
    await inBatches(1000, 20, async (index) => {
      if (index === 300 && !stopped) {
        stopped = true
        postgres.stop()
      }
      if (index === 700 && !restarted) {
        // Pages answer while the database is down.
        for (const site of sites) for (const target of ['/', '/ants', TEST_PAGE]) pageStatuses.push((await send(site, target)).status)
        restarted = true
        postgres.start()
      }
      const source = `outage-${index}`
      // One address per tap, one network per 250 (the budgets are per address and per network).
      const from = `127.${30 + Math.floor(index / 250)}.${index % 250}.1`
      const answer = await send(sites[index % 2]!, '/api/calls', { method: 'POST', body: { page: '/ants', source }, from })
      statuses.push(answer.status)
      if (answer.status >= 200 && answer.status < 300) acknowledged.push(source)
    })
    expect(pageStatuses).toEqual(Array(6).fill(200))
    expect(statuses.filter((status) => status !== 204)).toEqual([])
    // The test's own connections were cut by the stop too: a failed read is read again.
    const stored = async () =>
      new Set(
        await database
          .query<{ source: string }>("SELECT source FROM call_clicks WHERE source LIKE 'outage-%'")
          .then((result) => result.rows.map((row) => row.source))
          .catch(() => []),
      )
    const rows = await waitFor(stored, (sources) => acknowledged.every((source) => sources.has(source)), 60_000)
    expect(acknowledged.filter((source) => !rows.has(source))).toEqual([])
    const count = await database.query<{ count: string }>("SELECT COUNT(*) AS count FROM call_clicks WHERE source LIKE 'outage-%'")
    expect(Number(count.rows[0]!.count)).toBe(acknowledged.length)
  }, 180_000)
})
