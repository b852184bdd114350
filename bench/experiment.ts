// What an A/B test costs the server: requests per second, in one run, on `npm start` (the front and Next)
// and on plain `next start` beside it, both on the production build with content from the local Content
// Lake (the bundled dataset with a 50/50 test on the home page):
// - a cached plain page (/ants);
// - first visits to the test page (no cookie: a version by weight, its signed cookie, and, under npm start,
//   the cached copy of that version from the front);
// - returning visitors (a signed version cookie);
// and the ratio first visits / cached plain page (the goal on npm start: at least 0.5). Also the split.
// Usage: npm run build && npm run bench:experiment      (DURATION=10 seconds per case, CONNECTIONS=10)
import autocannon from 'autocannon'
import { startLocalLake } from '../scripts/lake/server.ts'
import { siteEnvOnLake } from '../scripts/lake/siteEnv.ts'
import { bundledDocuments } from '../web/lib/sanity/localDataset.ts'
import { signedArmCookie, startSite } from '../tests/e2e/nextServer.ts'

const duration = Number(process.env.DURATION || 10)
const connections = Number(process.env.CONNECTIONS || 10)
const EXPERIMENT = 'bench-headline'
const LAKE_PORT = 4395

const documents = bundledDocuments().map((doc) => structuredClone(doc))
const homeId = (documents.find((doc) => doc._id === 'siteSettings') as { homePage?: { _ref?: string } } | undefined)?.homePage?._ref
const home = documents.find((doc) => doc._id === homeId)!
home.experiment = {
  name: { _type: 'slug', current: EXPERIMENT },
  arms: [
    { _key: 'a', key: 'a', weight: 50 },
    { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday', heroButtonLabel: 'Call Now, Pay Later' },
  ],
}
const lake = await startLocalLake({ documents, port: LAKE_PORT })
const env = siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: 'bench-secret', readToken: 'bench-read-token' })
const hosts = [
  { name: 'npm start', site: await startSite(3283, env, 'site') },
  { name: 'next start', site: await startSite(3284, env, 'next') },
]

async function run(url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 3; i++) await fetch(url, { headers }).then((response) => response.arrayBuffer())
  const result = await autocannon({ url, connections, duration, headers })
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx }
}

try {
  const rows = []
  for (const { name, site } of hosts) {
    // The request hook's list reads the lake within its refresh: wait until the test runs.
    for (let tries = 0; !(await fetch(`${site.url}/`).then((response) => response.headers.get('set-cookie'))); tries++) {
      if (tries > 120) throw new Error(`${name}: the test never started`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const split = { a: 0, b: 0, none: 0 }
    for (let visit = 0; visit < 1000; visit++) {
      const response = await fetch(`${site.url}/?gclid=${visit}`)
      await response.arrayBuffer()
      const arm = new RegExp(`${EXPERIMENT}=(\\w+)\\.`).exec(response.headers.get('set-cookie') ?? '')?.[1]
      if (arm === 'a' || arm === 'b') split[arm]++
      else split.none++
    }
    const plain = await run(`${site.url}/ants`)
    const first = await run(`${site.url}/?gclid=bench`)
    const returning = await run(`${site.url}/`, { cookie: signedArmCookie(EXPERIMENT, 'b') })
    rows.push({
      host: name,
      'cached plain page req/s': plain.rps,
      'test page, first visits req/s': first.rps,
      'ratio first/plain': Number((first.rps / plain.rps).toFixed(2)),
      'test page, returning (b) req/s': returning.rps,
      'p99 ms (plain / first)': `${plain.p99} / ${first.p99}`,
      errors: plain.errors + first.errors + returning.errors,
      'split of 1,000 first visits': `a ${split.a} / b ${split.b} / none ${split.none}`,
    })
  }
  console.log(`A/B test on /, ${connections} connections × ${duration} s per case, loopback.`)
  console.table(rows)
} finally {
  await Promise.all(hosts.map(({ site }) => site.stop()))
  await lake.close()
}
