// A bounded load run: 200 connections for 60 s over cached and personalized pages, on loopback,
// against the production server (`npm start`: the page cache in front of Next). Prints req/s,
// latency, errors and the server's memory before and after. Usage: npm run build && npm run bench:load   (DURATION, CONNECTIONS to change)
import autocannon from 'autocannon'
import { startSite } from '../tests/e2e/nextServer.ts'
import { rssMiB } from './rss.ts'

const duration = Number(process.env.DURATION || 60)
const connections = Number(process.env.CONNECTIONS || 200)
/** Rounds on the same server: memory that keeps growing round after round is a leak; growth that stops is the heap sizing itself. */
const rounds = Number(process.env.ROUNDS || 2)
const codes = ['1026339', '1013962', '1016367', '1023191', '1015116', '1026481', '1014221', '9073451']
const keywords = ['wasp removal', 'ant control near me', 'rodent control', 'bed bug treatment', 'spider exterminator']
const paths = [
  '/',
  '/ants',
  '/mice-repellents',
  '/v2',
  ...codes.flatMap((code) => keywords.map((keyword) => `/?kw=${encodeURIComponent(keyword)}&loc_physical_ms=${code}&gclid=load`)),
  ...codes.map((code) => `/v2?headline1=need+an+exterminator&q=y&loc_physical_ms=${code}`),
]


const site = await startSite(3211)
try {
  for (const path of paths) await fetch(site.url + path) // every variant rendered once: the run measures the cache
  const rows = []
  let previous = rssMiB(site.pid)
  const start = previous
  for (let round = 1; round <= rounds; round++) {
    let next = 0
    const result = await autocannon({
      url: site.url,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    })
    const after = rssMiB(site.pid)
    rows.push({
      round,
      requests: result.requests.total,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      errors: result.errors + result.timeouts,
      'non-2xx': result.non2xx,
      'RSS before MiB': previous.toFixed(0),
      'RSS after MiB': after.toFixed(0),
      'RSS change': `${(((after - previous) / previous) * 100).toFixed(1)} %`,
    })
    previous = after
  }
  console.log(`Load: ${connections} connections × ${duration} s × ${rounds} rounds over ${paths.length} cached and personalized pages, loopback`)
  console.table(rows)
  console.log(`RSS from start to end: ${start.toFixed(0)} → ${previous.toFixed(0)} MiB`)
} finally {
  await site.stop()
}
