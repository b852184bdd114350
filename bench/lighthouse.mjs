// Lighthouse (mobile preset) against the production server (`npm start`) on the production build, Debian Chromium, offline.
// Runs each path RUNS times and prints the median scores and timings.
// With two or more sites (e.g. an old build and today's), runs alternate between them — route by route, run by
// run — so both meet the same machine load, and the table puts them side by side.
// Usage: node bench/lighthouse.mjs [base ...] [path ...]   (bases start with http; default http://127.0.0.1:3000; RUNS=3)
//   e.g. RUNS=3 node bench/lighthouse.mjs http://127.0.0.1:3301 http://127.0.0.1:3302 / /ants
//   LABELS=old,new names the bases in the table.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const args = process.argv.slice(2)
const bases = args.filter((arg) => /^https?:\/\//.test(arg))
if (bases.length === 0) bases.push('http://127.0.0.1:3000')
const paths = args.filter((arg) => !/^https?:\/\//.test(arg))
if (paths.length === 0) paths.push('/', '/ants')
const labels = process.env.LABELS ? process.env.LABELS.split(',') : bases
const runs = Number(process.env.RUNS || 3)
const chromeFlags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

function lighthouse(url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'))
  const out = path.join(dir, 'report.json')
  const result = spawnSync(
    process.execPath,
    ['node_modules/lighthouse/cli/index.js', url, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${chromeFlags}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`lighthouse failed for ${url}: ${result.stderr.slice(-500)}`)
  const report = JSON.parse(readFileSync(out, 'utf8'))
  rmSync(dir, { recursive: true, force: true })
  const requests = report.audits['network-requests']?.details?.items ?? []
  const documentRequest = requests.find((item) => item.resourceType === 'Document')
  return {
    performance: report.categories.performance.score * 100,
    accessibility: report.categories.accessibility.score * 100,
    bestPractices: report.categories['best-practices'].score * 100,
    seo: report.categories.seo.score * 100,
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    fcp: report.audits['first-contentful-paint'].numericValue,
    mainThread: report.audits['mainthread-work-breakdown'].numericValue,
    bytes: report.audits['total-byte-weight'].numericValue,
    htmlBytes: documentRequest?.transferSize ?? Number.NaN,
  }
}

const rows = []
for (const route of paths) {
  const results = bases.map(() => [])
  for (let run = 0; run < runs; run++) {
    bases.forEach((base, index) => results[index].push(lighthouse(base + route)))
  }
  bases.forEach((base, index) => {
    const pick = (key) => median(results[index].map((result) => result[key]))
    rows.push({
      route,
      ...(bases.length > 1 ? { site: labels[index] ?? base } : {}),
      perf: pick('performance'),
      a11y: pick('accessibility'),
      'best pr.': pick('bestPractices'),
      seo: pick('seo'),
      'FCP ms': Math.round(pick('fcp')),
      'LCP ms': Math.round(pick('lcp')),
      'TBT ms': Math.round(pick('tbt')),
      CLS: Number(pick('cls').toFixed(3)),
      'main thread ms': Math.round(pick('mainThread')),
      'HTML transfer B': Math.round(pick('htmlBytes')),
      'transfer KB': Number((pick('bytes') / 1024).toFixed(1)),
    })
  })
}
console.log(`Lighthouse mobile, median of ${runs} runs${bases.length > 1 ? ', alternating between sites' : ''}: ${bases.map((base, index) => `${labels[index] ?? base} = ${base}`).join(', ')}`)
console.table(rows)
