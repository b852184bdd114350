// Service-area pages at scale: builds the site with generated providers and documents and measures what the issue
// asks (docs/service-areas.md#measured): build time and pages prebuilt, an unbuilt place page's first request and
// the same page again (p50/p99), the server's memory after 1,000 and 2,000 distinct place pages, and the in-process
// GROQ cost per query at 100, 1,000 and 10,000 documents (groq-js alone against the indexed evaluator).
// Usage: npm run bench:scale -- --places 12000 --documents 10000 [--baseline] [--pages 2000] [--sample 200] [--prebuild 200]
//   --baseline also builds the bundled content (no service-area pages) in the same run, for the build-time ratio.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { evaluate, parse } from 'groq-js'
import { buildNext, startSite } from '../tests/e2e/nextServer.ts'
import { placeNoteQuery, pestStateNoteQuery, pestsQuery, routeQuery, serviceAreaContentQuery, serviceAreaSettingsQuery, settingsQuery } from '../web/content/queries.ts'
import { bundledPlaceData } from '../web/lib/location/places.ts'
import { parseNdjson, type SanityDocumentLike } from '../web/lib/sanity/localDataset.ts'
import { IndexedDataset } from '../web/lib/sanity/indexedQuery.ts'
import { placeSlugs } from '../web/lib/serviceArea/slugs.ts'
import { scaleContent } from './scaleContent.ts'

const { values } = parseArgs({
  options: {
    places: { type: 'string', default: '1000' },
    documents: { type: 'string', default: '10000' },
    pages: { type: 'string', default: '2000' },
    sample: { type: 'string', default: '200' },
    prebuild: { type: 'string', default: '200' },
    baseline: { type: 'boolean', default: false },
    port: { type: 'string', default: '4089' },
  },
})
const PLACES = Number(values.places)
const DOCUMENTS = Number(values.documents)
const ROOT = path.resolve(import.meta.dirname, '..')
const WORK = path.join(ROOT, 'test-results', 'bench-scale')
mkdirSync(WORK, { recursive: true })
const bundled = parseNdjson(readFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), 'utf8'))

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(value < 10 ? 1 : 0)} ms`)

/** GROQ ms per query, groq-js alone and indexed, over the bundled dataset grown to `size` documents with place notes. */
async function groqFigures() {
  const queries: [string, Record<string, unknown>][] = [
    [settingsQuery, {}],
    [pestsQuery, {}],
    [routeQuery, { slug: 'ants' }],
    [serviceAreaSettingsQuery, {}],
    [placeNoteQuery, { place: '1026201' }],
    [pestStateNoteQuery, { pest: 'pest-ant', state: 'TX' }],
    [serviceAreaContentQuery, {}],
  ]
  const rows: string[] = []
  for (const size of [100, 1_000, 10_000]) {
    const docs: SanityDocumentLike[] = [...bundled]
    for (let index = 0; docs.length < size; index++) docs.push({ _id: `placeNote-${index}`, _type: 'placeNote', place: String(1_000_000 + index), text: [] })
    const indexed = new IndexedDataset(docs)
    const timed = async (run: (query: string, params: Record<string, unknown>) => Promise<unknown>, list: typeof queries) => {
      // Warm: the first rounds compile the evaluator's code and build the indexes (once per dataset).
      for (let round = 0; round < 3; round++) for (const [query, params] of list) await run(query, params)
      const rounds = size >= 10_000 ? 5 : 20
      const started = performance.now()
      for (let round = 0; round < rounds; round++) for (const [query, params] of list) await run(query, params)
      return (performance.now() - started) / (rounds * list.length)
    }
    const trees = new Map(queries.map(([query]) => [query, parse(query)]))
    const plain = async (query: string, params: Record<string, unknown>) => (await evaluate(trees.get(query)!, { dataset: docs, params })).get()
    const indexedRun = (query: string, params: Record<string, unknown>) => indexed.query(query, params)
    // A page's queries: every one but the directory's (read once per version of the providers, not per page).
    const pageQueries = queries.slice(0, -1)
    rows.push(`| ${size.toLocaleString('en-US')} | ${(await timed(plain, pageQueries)).toFixed(2)} | ${(await timed(indexedRun, pageQueries)).toFixed(3)} | ${(await timed(indexedRun, queries.slice(-1))).toFixed(2)} |`)
  }
  console.log('\nGROQ in-process, ms per query (a place page\'s queries; the directory\'s query apart):')
  console.log('| documents | groq-js alone | indexed | directory query (indexed) |\n| --: | --: | --: | --: |')
  for (const row of rows) console.log(row)
}

/** Resident memory of a process and its children, summed, in MiB. */
function familyRssMiB(pid: number | undefined): number {
  const rows = execFileSync('ps', ['-o', 'pid=,ppid=,rss=', '-e'], { encoding: 'utf8' }).trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number])
  const family = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const [child, parent] of rows) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child)
        grew = true
      }
    }
  }
  return rows.filter(([id]) => family.has(id)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024
}

async function timedBuild(name: string, env: Record<string, string>) {
  const started = performance.now()
  await buildNext({ BUILD_TYPECHECK: 'off', ...env })
  const seconds = (performance.now() - started) / 1000
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'web', env.NEXT_DIST_DIR!, 'prerender-manifest.json'), 'utf8')) as { routes: Record<string, unknown> }
  const routes = Object.keys(manifest.routes)
  const areas = routes.filter((route) => route.split('/').length === 3 || route.split('/').length === 4).filter((route) => !route.startsWith('/personalized/') && !route.startsWith('/sitemaps/'))
  console.log(`${name}: built in ${seconds.toFixed(0)} s, ${routes.length} pages prebuilt (${areas.filter((route) => route.split('/').length === 3).length} state pages, ${areas.filter((route) => route.split('/').length === 4).length} place pages)`)
  return { seconds, prebuilt: routes.length }
}

async function fetchTimed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.arrayBuffer()
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength }
}

await groqFigures()

const slugs = placeSlugs(bundledPlaceData())
const content = scaleContent(bundled, { places: PLACES, documents: DOCUMENTS, prebuild: Number(values.prebuild) }, (page, place) => `/${page}/${slugs.slugOfState.get(place.state)}/${slugs.slugOfPlace.get(place.code)}`)
const datasetFile = path.join(WORK, `dataset-${PLACES}.ndjson`)
writeFileSync(datasetFile, content.documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
console.log(`\n${content.documents.length.toLocaleString('en-US')} documents (${DOCUMENTS.toLocaleString('en-US')} generated), ${PLACES.toLocaleString('en-US')} place pages, ${content.prebuilt.size} of them built ahead`)

const baseline = values.baseline ? await timedBuild('bundled content', { NEXT_DIST_DIR: '.next-scale-bundled' }) : undefined
if (baseline) rmSync(path.join(ROOT, 'web', '.next-scale-bundled'), { recursive: true, force: true })
const DIST = '.next-scale'
const build = await timedBuild(`${PLACES.toLocaleString('en-US')} place pages`, { NEXT_DIST_DIR: DIST, CONTENT_DATASET_FILE: datasetFile })

const unbuilt = content.placePaths.filter((address) => !content.prebuilt.has(address))
const site = await startSite(Number(values.port), { NEXT_DIST_DIR: DIST, CONTENT_DATASET_FILE: datasetFile })
try {
  // One request first: the server reads the dataset and the location data once per process.
  await fetchTimed(`${site.url}/`)
  const sample = unbuilt.slice(0, Math.min(Number(values.sample), unbuilt.length))
  const first: number[] = []
  let bytes = 0
  for (const address of sample) {
    const answer = await fetchTimed(site.url + address)
    if (answer.status !== 200) throw new Error(`${address}: ${answer.status}`)
    first.push(answer.ms)
    bytes = answer.bytes
  }
  const again: number[] = []
  for (const address of sample) again.push((await fetchTimed(site.url + address)).ms)
  first.sort((a, b) => a - b)
  again.sort((a, b) => a - b)
  console.log(`unbuilt place pages (${sample.length}, one at a time, ${(bytes / 1024).toFixed(0)} KiB of HTML each): first request p50 ${ms(percentile(first, 50))}, p99 ${ms(percentile(first, 99))}; again p50 ${ms(percentile(again, 50))}, p99 ${ms(percentile(again, 99))}`)
  const rss: Record<number, number> = {}
  let next = sample.length
  for (const mark of [1_000, 2_000].filter((count) => count <= Math.min(Number(values.pages), unbuilt.length))) {
    const worker = async () => {
      while (next < mark) {
        const answer = await fetchTimed(site.url + unbuilt[next++]!)
        if (answer.status !== 200) throw new Error(`${unbuilt[next - 1]}: ${answer.status}`)
      }
    }
    await Promise.all([worker(), worker()])
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    rss[mark] = familyRssMiB(site.pid)
    console.log(`RSS after ${mark.toLocaleString('en-US')} distinct place pages: ${rss[mark]!.toFixed(0)} MiB (the front and Next)`)
  }
  const growth = rss[2_000] !== undefined && rss[1_000] !== undefined ? `${(rss[2_000] - rss[1_000]).toFixed(0)} MiB` : 'n/a'
  console.log('\n| place pages | build (s) | bundled build (s) | pages prebuilt | first request p50 / p99 | again p50 / p99 | RSS at 1,000 / 2,000 pages (growth) |')
  console.log('| --: | --: | --: | --: | --: | --: | --: |')
  console.log(
    `| ${PLACES.toLocaleString('en-US')} | ${build.seconds.toFixed(0)} | ${baseline ? baseline.seconds.toFixed(0) : '–'} | ${build.prebuilt} | ${ms(percentile(first, 50))} / ${ms(percentile(first, 99))} | ${ms(percentile(again, 50))} / ${ms(percentile(again, 99))} | ${rss[1_000]?.toFixed(0) ?? '–'} / ${rss[2_000]?.toFixed(0) ?? '–'} MiB (${growth}) |`,
  )
} finally {
  await site.stop()
  rmSync(path.join(ROOT, 'web', DIST), { recursive: true, force: true })
}
