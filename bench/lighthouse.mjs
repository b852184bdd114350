// Lighthouse (mobile preset) against the production server (`npm start`) on the production build, Debian Chromium, offline.
// Runs each path RUNS times and prints the median scores and timings.
// Usage: node bench/lighthouse.mjs [base=http://127.0.0.1:3000] [path ...]   (RUNS=3 by default)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const [base = 'http://127.0.0.1:3000', ...args] = process.argv.slice(2)
const paths = args.length ? args : ['/', '/ants']
const runs = Number(process.env.RUNS || 3)
const chromeFlags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]

const rows = []
for (const route of paths) {
  const results = []
  for (let run = 0; run < runs; run++) {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'lh-')), 'report.json')
    const result = spawnSync(
      process.execPath,
      ['node_modules/lighthouse/cli/index.js', base + route, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${chromeFlags}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, encoding: 'utf8' },
    )
    if (result.status !== 0) throw new Error(`lighthouse failed for ${route}: ${result.stderr.slice(-500)}`)
    const report = JSON.parse(readFileSync(out, 'utf8'))
    results.push({
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
    })
  }
  const pick = (key) => median(results.map((result) => result[key]))
  rows.push({
    route,
    perf: pick('performance'),
    a11y: pick('accessibility'),
    'best pr.': pick('bestPractices'),
    seo: pick('seo'),
    'FCP ms': Math.round(pick('fcp')),
    'LCP ms': Math.round(pick('lcp')),
    'TBT ms': Math.round(pick('tbt')),
    CLS: Number(pick('cls').toFixed(3)),
    'main thread ms': Math.round(pick('mainThread')),
    'transfer KB': Number((pick('bytes') / 1024).toFixed(1)),
  })
}
console.log(`Lighthouse mobile, median of ${runs} runs, ${base}`)
console.table(rows)
