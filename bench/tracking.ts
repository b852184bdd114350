// What call tracking costs a visitor: Lighthouse (mobile, median of RUNS) on /, a personalized /, /ants
// and /v2 with headline, without a tag (the bundled settings) and with a Google Ads tag configured
// (a build on a dataset copy; forwarding-number swap on). gtag.js cannot be fetched here, so a
// loopback stand-in of the real tag's size (GTAG_KB, gzip-served, with as many functions to parse
// and run) takes its place; it is the same request at the same moment: after the load event and
// idle. Also prints the bytes of the inline tracker itself (with and without the number pool part) and its run
// time in Chromium.
// Usage: npm run build && npm run bench:tracking      (RUNS=3, GTAG_KB=330, LIGHTHOUSE=0 skips Lighthouse,
//        BYTES_ONLY=1 prints the tracker's bytes and stops: no build)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { CALL_TRACKER_SCRIPT, CALL_TRACKER_SCRIPT_WITH_POOL } from '../web/lib/tracking/tracker.ts'
import { bundledDocuments } from '../web/lib/sanity/localDataset.ts'
import { launchBrowser } from '../tests/e2e/browser.ts'
import { buildNext, startSite } from '../tests/e2e/nextServer.ts'

// The inline tracker's bytes first: they need no build.
for (const [name, script] of [['Inline tracker', CALL_TRACKER_SCRIPT], ['Inline tracker with the number pool', CALL_TRACKER_SCRIPT_WITH_POOL]] as const) {
  console.log(`${name}: ${script.length} B, ${gzipSync(script).length} B gzip, ${brotliCompressSync(script).length} B Brotli`)
}
if (process.env.BYTES_ONLY === '1') process.exit(0)

const GTAG_KB = Number(process.env.GTAG_KB || 330)
const RUNS = Number(process.env.RUNS || 3)
const PATHS = ['/', '/?kw=termite+treatment&loc_physical_ms=1026339', '/ants', '/v2?headline1=Same+Day+Wasp+Removal&q=y']

// ~GTAG_KB of script: small functions, each called once, as a minified tag bundle is mostly that.
const parts = ['(function(){var w=window,dl=w.dataLayer=w.dataLayer||[],r=0;']
for (let index = 0; parts.join('').length < GTAG_KB * 1024; index++) {
  parts.push(`function f${index}(a){var o={k:'${index.toString(36)}',v:a*${index % 97}};for(var i=0;i<4;i++){o['p'+i]=(o.v+i)%7}return o.k+o.p1}r+=f${index}(${index}).length;`)
}
parts.push('w.__tag={loaded:true,size:r};})()')
const gtag = gzipSync(parts.join(''))
let tagRequests = 0
const tag = http.createServer((_request, response) => {
  tagRequests++
  response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=900' })
  response.end(gtag)
})
await new Promise<void>((resolve) => tag.listen(0, '127.0.0.1', resolve))
const tagOrigin = `http://127.0.0.1:${(tag.address() as AddressInfo).port}`

const folder = mkdtempSync(path.join(tmpdir(), 'bench-tracking-'))
const datasetFile = path.join(folder, 'tagged.ndjson')
const dataset = bundledDocuments().map((doc) =>
  doc._id === 'siteSettings' ? { ...doc, googleAdsId: 'AW-123456789', callConversionLabel: 'CallTap-1', forwardingConversionLabel: 'Fwd-2' } : doc,
)
writeFileSync(datasetFile, dataset.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
const taggedEnv = { CONTENT_DATASET_FILE: datasetFile, NEXT_DIST_DIR: '.next-bench-tag', GOOGLE_TAG_ORIGIN: tagOrigin }
await buildNext(taggedEnv)
const [plain, tagged] = await Promise.all([startSite(3271), startSite(3272, taggedEnv)])

try {
  console.log(`Stand-in gtag.js: ${(parts.join('').length / 1024).toFixed(0)} KB, ${(gtag.length / 1024).toFixed(0)} KB gzip.`)
  const browser = await launchBrowser()
  const page = await browser.newPage()
  await page.goto(`${plain.url}/ants`)
  const runMs = await page.evaluate((script) => {
    const run = new Function(script)
    const started = performance.now()
    for (let index = 0; index < 200; index++) run()
    return (performance.now() - started) / 200
  }, CALL_TRACKER_SCRIPT)
  await browser.close()
  console.log(`Inline tracker run time in Chromium (desktop CPU, mean of 200): ${runMs.toFixed(3)} ms`)
  // LIGHTHOUSE=0: only the tag's own cost below.
  for (const [name, site] of process.env.LIGHTHOUSE === '0' ? [] : ([['without a tag', plain], ['with a Google Ads tag + forwarding number', tagged]] as const)) {
    console.log(`\n${name}`)
    const before = tagRequests
    spawnSync(process.execPath, ['bench/lighthouse.mjs', site.url, ...PATHS], { stdio: 'inherit', env: process.env })
    // Whether the tag was fetched within Lighthouse's runs (it is requested after the load event and idle).
    console.log(`gtag.js requests answered during these runs: ${tagRequests - before}`)
  }
  console.log(`\nMain thread with and without the tag (Chromium, CPU slowed 4× as Lighthouse's mobile preset, median of ${RUNS} loads; long tasks from navigation until 1 s after the tag ran, or 3 s after load without one):`)
  const rows = []
  for (const route of PATHS) {
    const without = await mainThread(plain.url + route, false)
    const withTag = await mainThread(tagged.url + route, true)
    rows.push({ route, 'FCP ms': `${without.fcp} / ${withTag.fcp}`, 'tag ran at ms': withTag.tagAt, 'long-task ms': `${without.taskMs} / ${withTag.taskMs}`, 'blocking ms': `${without.blockingMs} / ${withTag.blockingMs}`, 'tag adds ms': withTag.taskMs - without.taskMs })
  }
  console.table(rows)
} finally {
  await Promise.all([plain.stop(), tagged.stop(), new Promise((resolve) => tag.close(resolve))])
}

/**
 * Loads a page in Chromium with the CPU slowed 4×, and sums its long tasks from navigation until the
 * stand-in tag has run (plus 1 s), or, without a tag, until 3 s after the load event: the difference
 * between the two is the main-thread time the tag costs a visitor, and "blocking" the part beyond 50 ms
 * per task (what TBT counts). Also when the tag arrived, against first paint and load.
 */
async function mainThread(url: string, withTag: boolean) {
  const browser = await launchBrowser()
  const samples: { fcp: number; load: number; tagAt: number; taskMs: number; blockingMs: number }[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = ((window as unknown as { __tasks: unknown[] }).__tasks = [])
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push({ start: entry.startTime, duration: entry.duration }))).observe({ type: 'longtask', buffered: true })
      })
      await page.goto(url, { waitUntil: 'load' })
      if (withTag) await page.waitForFunction(() => (window as unknown as { __tag?: { loaded: boolean } }).__tag?.loaded === true, undefined, { timeout: 30_000 })
      await page.waitForTimeout(withTag ? 1000 : 3000)
      samples.push(
        await page.evaluate(() => {
          const tag = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/gtag/js')) as PerformanceResourceTiming | undefined
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
          const tasks = (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks ?? []
          return {
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
            load: navigation.loadEventEnd,
            tagAt: tag?.responseEnd ?? 0,
            taskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
            blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          }
        }),
      )
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const median = (pick: (sample: (typeof samples)[number]) => number) => Math.round(samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!)
  return { fcp: median((sample) => sample.fcp), load: median((sample) => sample.load), tagAt: median((sample) => sample.tagAt), taskMs: median((sample) => sample.taskMs), blockingMs: median((sample) => sample.blockingMs) }
}
