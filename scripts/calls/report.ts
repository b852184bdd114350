// Taps on call links per day × page × keyword (or other dimensions), from the store of record
// (PostgreSQL at DATABASE_URL, else the local SQLite file), and each A/B test's visitors, converting
// visitors, taps and verdict.
// Usage: npm run calls:report [-- --by page,keyword,arm,number] [--since 2026-11-01]
//        npm run calls:report -- --json   (exactly what the Studio's Calls tool shows, as JSON; with call
//        tracking also per version `qualifiedCalls`, and `calls` — each with its outcome, outcomeReason, value,
//        recordingSid, transcript, `provider`, `legs` and `payable` — `callDays`, `missedCalls`, `pool`, `providers`,
//        `providerMonths`, `failedTexts`)
//   (dimensions: page, source, keyword, location, variant, experiment, arm, number; CALL_LOG_FILE to read another file)
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { CALL_DIMENSIONS, callLog, isCallDimension } from '../../web/lib/taps/store.ts'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { readCallsReport } from '../../web/lib/campaigns/readReport.ts'
import { readVoiceSettings, voiceContentSource } from '../../web/content/voiceContent.ts'

const { values } = parseArgs({ options: { by: { type: 'string', default: 'page,keyword' }, since: { type: 'string', default: '' }, json: { type: 'boolean', default: false } } })
const by = values.by!.split(',').map((name) => name.trim()).filter(Boolean)
const unknown = by.filter((name) => !isCallDimension(name))
if (unknown.length > 0 || by.length === 0) {
  console.error(`Unknown dimension ${unknown.join(', ') || '(none)'}: choose from ${CALL_DIMENSIONS.join(', ')}.`)
  process.exit(2)
}
const target = storeTarget()
if ('sqlite' in target && !existsSync(target.sqlite)) {
  if (values.json) console.log(JSON.stringify({ message: `No call log yet at ${target.sqlite}.` }))
  else console.log(`No call log yet at ${target.sqlite}: taps are recorded once the site has served a call tap.`)
  process.exit(0)
}
const store = await openStore(target)
console.error(`Settings from ${voiceContentSource()}.`)
const settings = await readVoiceSettings()
if (values.json) {
  console.log(JSON.stringify(await readCallsReport(store, new Date(), settings), null, 2))
  await store.close()
  process.exit(0)
}
const rows = await callLog(store).summary({ by: by.filter(isCallDimension), sinceDay: values.since })
if (rows.length === 0) console.log('No taps recorded yet.')
else console.table(rows.map((row) => Object.fromEntries([['day', row.day], ...by.filter(isCallDimension).map((name) => [name, row[name] || '(none)']), ['taps', row.taps]])))
const report = await readCallsReport(store, new Date(), settings)
if (report.callDays.length > 0) {
  console.log('\nCalls per day (call tracking)')
  console.table(report.callDays.map((row) => ({ day: row.day, page: row.page || '(no visit)', campaign: row.campaign || '–', keyword: row.keyword || '–', version: row.version ? `${row.experiment}: ${row.version}` : '–', answered: row.answered, missed: row.missed, qualified: row.qualified })))
  console.log(`Missed calls: ${report.missedCalls.length}. Pool: at the busiest moment ${report.pool.peak} ad visits wanted a number at once; ${report.pool.overflow} found it full; ${report.pool.refused ?? 0} asks refused (no landing token, over a network or address cap: not demand).`)
}
for (const test of report.experiments) {
  console.log(`\nA/B test ${test.experiment} (${test.firstDay} to ${test.lastDay}, ${test.botsExcluded} bot requests excluded)`)
  console.table(test.arms.map((arm) => ({ version: arm.arm, weight: arm.weight ?? '?', visitors: arm.visitors, 'converting visitors': arm.converters, taps: arm.taps, 'qualified calls': arm.qualifiedCalls, rate: arm.rate === null ? '–' : `${(100 * arm.rate).toFixed(1)} % (${(100 * arm.interval!.low).toFixed(1)}–${(100 * arm.interval!.high).toFixed(1)} %)` })))
  console.log(`Decided on ${test.decidedOn}: ${test.verdict.text}`)
  if (test.callVerdict) console.log(`Taps (not verified): ${test.tapVerdict.text}`)
  for (const alarm of test.alarms) console.log(`ALARM: ${alarm}`)
}
await store.close()
