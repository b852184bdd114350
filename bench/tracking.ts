// What call tracking costs a visitor: Lighthouse (mobile, median of RUNS) on /, a personalized /, /ants
// and /v2 with headline, without a tag (the bundled settings) and with a Google Ads tag configured
// (a build on a dataset copy; forwarding-number swap on). gtag.js cannot be fetched here, so a
// loopback stand-in of the real tag's size (GTAG_KB, gzip-served, with as many functions to parse
// and run) takes its place; it is the same request at the same moment: after the load event and
// idle. Also prints the bytes of the inline tracker itself and its run time in Chromium.
// Usage: npm run build && npm run bench:tracking      (RUNS=3, GTAG_KB=330)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CALL_TRACKER_SCRIPT } from '../web/lib/tracking/tracker.ts'
import { bundledDocuments } from '../web/lib/sanity/localDataset.ts'
import { launchBrowser } from '../tests/e2e/browser.ts'
import { buildNext, startSite } from '../tests/e2e/nextServer.ts'

const GTAG_KB = Number(process.env.GTAG_KB || 330)
const PATHS = ['/', '/?kw=termite+treatment&loc_physical_ms=1026339', '/ants', '/v2?headline1=Same+Day+Wasp+Removal&q=y']

// ~GTAG_KB of script: small functions, each called once, as a minified tag bundle is mostly that.
const parts = ['(function(){var w=window,dl=w.dataLayer=w.dataLayer||[],r=0;']
for (let index = 0; parts.join('').length < GTAG_KB * 1024; index++) {
  parts.push(`function f${index}(a){var o={k:'${index.toString(36)}',v:a*${index % 97}};for(var i=0;i<4;i++){o['p'+i]=(o.v+i)%7}return o.k+o.p1}r+=f${index}(${index}).length;`)
}
parts.push('w.__tag={loaded:true,size:r};})()')
const gtag = gzipSync(parts.join(''))
const tag = http.createServer((_request, response) => {
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
  console.log(`Inline tracker: ${CALL_TRACKER_SCRIPT.length} B, ${gzipSync(CALL_TRACKER_SCRIPT).length} B gzip. Stand-in gtag.js: ${(parts.join('').length / 1024).toFixed(0)} KB, ${(gtag.length / 1024).toFixed(0)} KB gzip.`)
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
  for (const [name, site] of [['without a tag', plain], ['with a Google Ads tag + forwarding number', tagged]] as const) {
    console.log(`\n${name}`)
    spawnSync(process.execPath, ['bench/lighthouse.mjs', site.url, ...PATHS], { stdio: 'inherit', env: process.env })
  }
} finally {
  await Promise.all([plain.stop(), tagged.stop(), new Promise((resolve) => tag.close(resolve))])
}
