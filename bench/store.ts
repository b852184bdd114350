// What recording a number costs on each store of record: taps/s written through the call log (Kysely)
// into a real PostgreSQL (a cluster of the bench's own, tests/support/postgres.ts) and into the SQLite
// file, and the tap endpoint's latency (p50/p99) and rate on `npm start` with each store behind it.
// Usage: npm run build && npm run bench:store      (TAPS=5000 store writes, REQUESTS=2000 endpoint taps, WIDTH=20)
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { callLog } from '../web/lib/taps/store.ts'
import type { CallTap } from '../web/lib/taps/tap.ts'
import { openStore, type Store } from '../web/lib/db/index.ts'
import { migrateToLatest } from '../web/lib/db/migrate.ts'
import { startPostgres } from '../tests/support/postgres.ts'
import { startSite } from '../tests/e2e/nextServer.ts'

const TAPS = Number(process.env.TAPS || 5000)
// The endpoint's own budget is 6,000 taps a minute per instance: a run stays under it.
const REQUESTS = Math.min(Number(process.env.REQUESTS || 2000), 5500)
const WIDTH = Number(process.env.WIDTH || 20)
const folder = mkdtempSync(path.join(tmpdir(), 'bench-store-'))
const postgres = await startPostgres(5491)

const tap = (index: number): CallTap => ({ at: new Date().toISOString(), page: '/ants', source: `bench-${index}`, keyword: '', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false })

async function inBatches(count: number, width: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++)
  }))
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function storeRate(name: string, store: Store) {
  const log = callLog(store)
  const started = performance.now()
  await inBatches(TAPS, WIDTH, (index) => log.record(tap(index)))
  const seconds = (performance.now() - started) / 1000
  console.log(`${name.padEnd(10)} store: ${TAPS} taps in ${seconds.toFixed(2)} s = ${(TAPS / seconds).toFixed(0)} taps/s (${WIDTH} at a time)`)
}

function post(port: number, from: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/api/calls', method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (bench)' } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

async function endpoint(name: string, port: number, env: Record<string, string>) {
  const site = await startSite(port, env)
  try {
    // Warm: the route compiled and the store opened.
    for (let index = 0; index < 20; index++) await post(port, `127.99.${index}.1`, { page: '/ants', source: 'warm' })
    const latencies: number[] = []
    const statuses = new Map<number, number>()
    const started = performance.now()
    await inBatches(REQUESTS, WIDTH, async (index) => {
      const from = `127.${100 + Math.floor(index / 250)}.${index % 250}.1`
      const sent = performance.now()
      const status = await post(port, from, { page: '/ants', source: `endpoint-${index}` })
      latencies.push(performance.now() - sent)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    })
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    console.log(
      `${name.padEnd(10)} POST /api/calls: ${REQUESTS} taps in ${seconds.toFixed(2)} s = ${(REQUESTS / seconds).toFixed(0)} taps/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')})`,
    )
  } finally {
    await site.stop()
  }
}

try {
  const url = await postgres.database('bench')
  const pgStore = await openStore({ postgres: url, poolMax: 5 })
  await migrateToLatest(pgStore.db)
  const sqliteStore = await openStore({ sqlite: path.join(folder, 'bench.sqlite') })
  await storeRate('PostgreSQL', pgStore)
  await storeRate('SQLite', sqliteStore)
  await Promise.all([pgStore.close(), sqliteStore.close()])
  await endpoint('PostgreSQL', 3291, { DATABASE_URL: url, OUTBOX_FILE: path.join(folder, 'outbox-pg.sqlite') })
  await endpoint('SQLite', 3292, { CALL_LOG_FILE: path.join(folder, 'site.sqlite'), OUTBOX_FILE: path.join(folder, 'outbox-sqlite.sqlite') })
} finally {
  postgres.destroy()
  rmSync(folder, { recursive: true, force: true })
}
