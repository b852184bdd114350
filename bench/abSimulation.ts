// Why the Calls tool's verdict uses mSPRT: seeded simulated A/B tests read every day, as editors do.
// A/A tests (no real difference) show how often each method declares a false winner when looked at
// daily for 60 days; A/B tests with a real +30 % relative lift (6 % → 7.8 %) show how often and how
// soon each finds it. "Old z-test" is the fixed-horizon two-proportion z-test stopped at the first
// daily p < 0.05 (what reading it daily amounts to); "mSPRT" is the running minimum of the always-valid
// p-value (web/lib/campaigns/verdict.ts), stopped at the first p < 0.05. Both skip days with too few
// converting visitors, as the verdict does. The z-test's "detected" is flattered by the same peeking
// that gives its false winners.
// Usage: npm run bench:ab      (TESTS=2000 DAYS=60 VISITORS=300 per day, SEED=20170813)
import { msprtPValue, normalApproximationHolds, twoProportionZTest } from '../web/lib/campaigns/verdict.ts'
import { mulberry32 } from '../tests/support/seededRandom.ts'

const tests = Number(process.env.TESTS || 2000)
const days = Number(process.env.DAYS || 60)
const visitorsPerDay = Number(process.env.VISITORS || 300)
const seed = Number(process.env.SEED || 20170813)
const ALPHA = 0.05
const BASE_RATE = 0.06
const LIFTED_RATE = BASE_RATE * 1.3


interface Outcome {
  /** The day (1-based) each method first declared a winner, or null. */
  msprtDay: number | null
  zDay: number | null
}

/** One test: each visitor lands in A or B at 50/50 and converts with the arm's rate; a look each day. */
function runTest(random: () => number, rateA: number, rateB: number): Outcome {
  const a = { visitors: 0, converters: 0 }
  const b = { visitors: 0, converters: 0 }
  let runningMin = 1
  let msprtDay: number | null = null
  let zDay: number | null = null
  for (let day = 1; day <= days; day++) {
    for (let visitor = 0; visitor < visitorsPerDay; visitor++) {
      const arm = random() < 0.5 ? a : b
      arm.visitors++
      if (random() < (arm === a ? rateA : rateB)) arm.converters++
    }
    if (!normalApproximationHolds(a, b)) continue
    runningMin = Math.min(runningMin, msprtPValue(a, b)!)
    if (msprtDay === null && runningMin < ALPHA) msprtDay = day
    if (zDay === null && twoProportionZTest(a, b)!.pValue < ALPHA) zDay = day
    if (msprtDay !== null && zDay !== null) break
  }
  return { msprtDay, zDay }
}

function summarize(outcomes: readonly Outcome[], method: 'msprtDay' | 'zDay') {
  const found = outcomes.map((outcome) => outcome[method]).filter((day): day is number => day !== null)
  return { share: found.length / outcomes.length, meanDay: found.length ? found.reduce((sum, day) => sum + day, 0) / found.length : null }
}

const started = performance.now()
const random = mulberry32(seed)
const aa = Array.from({ length: tests }, () => runTest(random, BASE_RATE, BASE_RATE))
const ab = Array.from({ length: tests }, () => runTest(random, BASE_RATE, LIFTED_RATE))

const percent = (share: number) => `${(share * 100).toFixed(1)} %`
const day = (mean: number | null) => (mean === null ? '–' : mean.toFixed(1))
const rows = [
  ['method', 'A/A: false "conclusive"', 'A/B +30 %: detected', 'mean day detected'],
  ...(['msprtDay', 'zDay'] as const).map((method) => {
    const falsePositives = summarize(aa, method)
    const power = summarize(ab, method)
    return [method === 'msprtDay' ? 'mSPRT (always-valid)' : 'old z-test, read daily', percent(falsePositives.share), percent(power.share), day(power.meanDay)]
  }),
]
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
console.log(`${tests} A/A and ${tests} A/B tests, ${visitorsPerDay} visitors/day split 50/50, ${percent(BASE_RATE)} converting (B: ${percent(LIFTED_RATE)} in A/B), looked at daily for ${days} days, alpha ${ALPHA}, seed ${seed}`)
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd())
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`)

const msprtFalse = summarize(aa, 'msprtDay').share
if (msprtFalse > ALPHA) {
  console.error(`mSPRT declared ${percent(msprtFalse)} of A/A tests conclusive: more than ${percent(ALPHA)}`)
  process.exitCode = 1
}
