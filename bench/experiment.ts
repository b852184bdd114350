// What an A/B test costs the server: requests per second for the home page without a test (the
// production build), and with a two-version test on it (a build on a dataset copy): returning
// visitors (a version cookie: that version's cached copy in the front), and first visits (no cookie:
// Next's request hook picks a version by weight and sets its cookie, so each first visit reaches Next).
// Also prints how the first visits split.
// Usage: npm run build && npm run bench:experiment      (DURATION=10 seconds per case, CONNECTIONS=10)
import autocannon from 'autocannon'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bundledDocuments } from '../web/lib/sanity/localDataset.ts'
import { buildNext, startSite } from '../tests/e2e/nextServer.ts'

const duration = Number(process.env.DURATION || 10)
const connections = Number(process.env.CONNECTIONS || 10)
const EXPERIMENT = 'bench-headline'

const documents = bundledDocuments()
const homeId = (documents.find((doc) => doc._id === 'siteSettings') as { homePage?: { _ref?: string } } | undefined)?.homePage?._ref
const dataset = documents.map((doc) =>
  doc._id === homeId
    ? {
        ...doc,
        experiment: {
          name: { _type: 'slug', current: EXPERIMENT },
          arms: [
            { _key: 'a', key: 'a', weight: 50 },
            { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday', heroButtonLabel: 'Call Now, Pay Later' },
          ],
        },
      }
    : doc,
)
const folder = mkdtempSync(path.join(tmpdir(), 'bench-experiment-'))
const datasetFile = path.join(folder, 'experiment.ndjson')
writeFileSync(datasetFile, dataset.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
const env = { CONTENT_DATASET_FILE: datasetFile, NEXT_DIST_DIR: '.next-bench-ab' }
await buildNext(env)
const [plain, tested] = await Promise.all([startSite(3281), startSite(3282, env)])

async function run(name: string, url: string, headers: Record<string, string> = {}) {
  await fetch(url, { headers }).then((response) => response.arrayBuffer())
  const result = await autocannon({ url, connections, duration, headers })
  return { case: name, 'req/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99, errors: result.errors + result.non2xx }
}

try {
  const split = { a: 0, b: 0, none: 0 }
  for (let visit = 0; visit < 1000; visit++) {
    const response = await fetch(`${tested.url}/`)
    await response.arrayBuffer()
    const arm = new RegExp(`${EXPERIMENT}=(\\w+)`).exec(response.headers.get('set-cookie') ?? '')?.[1]
    if (arm === 'a' || arm === 'b') split[arm]++
    else split.none++
  }
  const rows = [
    await run('/ without a test', `${plain.url}/`),
    await run('/ with a test, returning visitor (version a)', `${tested.url}/`, { cookie: `lpe_ab_${EXPERIMENT}=a.AAAAAAAAAAAAAAAAAAAAAA` }),
    await run('/ with a test, returning visitor (version b)', `${tested.url}/`, { cookie: `lpe_ab_${EXPERIMENT}=b.BBBBBBBBBBBBBBBBBBBBBB` }),
    await run('/ with a test, first visits (no cookie)', `${tested.url}/`),
  ]
  console.log(`A/B test on /, ${connections} connections × ${duration} s, loopback. 1,000 first visits split: a ${split.a}, b ${split.b}, no version ${split.none}.`)
  console.table(rows)
} finally {
  await Promise.all([plain.stop(), tested.stop()])
}
