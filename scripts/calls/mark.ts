// Sets a call's outcome by hand, as a Studio user does in the Calls tool: kept over the rules from then on, and
// in the call's history (who, when, from what). Turning an exported lead into spam, or a lead into a booked job
// with its value, puts the call in the next adjustment files (calls:export -- --google-ads --adjustments,
// --microsoft-ads). Reads the store of record (DATABASE_URL, else CALL_LOG_FILE).
// Usage: npm run calls:mark -- --call CA… --outcome lead|booked|existing-customer|spam|not-a-lead|missed [--value 400] [--note "text"]
import nextEnv from '@next/env'
import { userInfo } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { markOutcome } from '../../web/lib/calls/outcomes/records.ts'
import { isOutcome, OUTCOMES } from '../../web/lib/calls/outcomes/rules.ts'

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '../..'), false, { info: () => {}, error: console.error }, true)
const { values } = parseArgs({ options: { call: { type: 'string' }, outcome: { type: 'string' }, value: { type: 'string' }, note: { type: 'string' } } })
const value = values.value === undefined ? undefined : Number(values.value)
if (!values.call || !isOutcome(values.outcome) || (value !== undefined && !(Number.isFinite(value) && value >= 0))) {
  console.error(`Usage: npm run calls:mark -- --call CA… --outcome ${OUTCOMES.join('|')} [--value 400] [--note "text"]`)
  process.exit(2)
}
const { db } = await openStore(storeTarget())
const by = `${userInfo().username} (shell)`
const marked = await markOutcome(db, { callSid: values.call, outcome: values.outcome, value, by, at: Date.now(), note: values.note })
await db.destroy()
if (!marked) {
  console.error(`No call ${values.call} in the store.`)
  process.exit(1)
}
console.log(`Call ${values.call}: ${values.outcome}${values.outcome === 'booked' && value !== undefined ? ` (${value})` : ''}, set by ${by}.`)
