// Throughput of personalized landing pages, on loopback, against the production server (`npm start`) on the production build
// (run `npm run build` first). Supabase is configured to a loopback PostgREST so every location-backend
// request is counted.
//   (a) plain cached /
//   (b) one personalized URL, after its first hit
//   (c) first hits of fresh personalized URLs (a new keyword per request, CODES distinct location codes)
// Usage: node bench/personalized.ts        (DURATION=10 seconds per case, CONNECTIONS=10)
import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'
import { startSite } from '../tests/e2e/nextServer.ts'
import { startPostgrest } from '../tests/support/postgrest.ts'

const duration = Number(process.env.DURATION || 10)
const connections = Number(process.env.CONNECTIONS || 10)
const CODES = 20

// Real codes from the bundled table, served by the stand-in as location_data rows.
const table = readFileSync('web/data/locations.tsv', 'utf8').split('\n').filter((line) => /^\d/.test(line))
const rows = Object.fromEntries(table.slice(0, 5000).map((line) => {
  const [code, place, state] = line.split('\t')
  return [code!, `${place}, ${state}`]
}))
const codes = Object.keys(rows).slice(100, 100 + CODES)

const rest = await startPostgrest(rows)
const site = await startSite(3199, { SUPABASE_URL: rest.url, SUPABASE_ANON_KEY: 'bench-anon-key' })

async function run(name: string, options: Partial<autocannon.Options>) {
  const before = rest.requests.length
  const result = await autocannon({ url: site.url, connections, duration, ...options })
  return {
    case: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors,
    requests: result.requests.total,
    'backend calls': rest.requests.length - before,
  }
}

try {
  const personalized = `/?kw=wasp+removal+near+me&loc_physical_ms=${codes[0]}&gclid=bench`
  await fetch(site.url + '/')
  await fetch(site.url + personalized)
  let counter = 0
  const results = [
    await run('(a) plain /', { url: `${site.url}/` }),
    await run('(b) personalized, cached', { url: site.url + personalized }),
    await run('(c) fresh personalized', {
      requests: [
        {
          setupRequest: (request) => {
            counter++
            request.path = `/?kw=pest+${counter}&loc_physical_ms=${codes[counter % CODES]}`
            return request
          },
        },
      ],
    }),
  ]
  console.log(`Personalized pages, ${connections} connections × ${duration} s per case, loopback`)
  console.table(results)
  const ratio = results[1]!['req/s'] / results[0]!['req/s']
  console.log(`(b)/(a) = ${ratio.toFixed(2)}; location-backend calls in total: ${rest.requests.length} for ${CODES} distinct codes in (c) + 1 in (b)`)
} finally {
  await site.stop()
  await rest.close()
}
