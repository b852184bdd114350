// A provider statement: one row per call routed to a provider in the month (the call id, its start in Site
// settings' time zone, masked caller, place, pest, page, ring and talk seconds, payable or why not, amount), the
// totals per provider and the total; the same figures as the Calls tool's Providers view and the portal.
// Usage: npm run calls:statement -- --month 2026-11 [--provider <id>] [--csv]   (CALL_LOG_FILE to read another file)
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { readStatement } from '../../web/lib/calls/store/statements.ts'
import { statementCsv, statementText } from '../../web/lib/providers/statement.ts'
import { readVoiceSettings } from '../../web/content/voiceContent.ts'

const { values } = parseArgs({ options: { month: { type: 'string' }, provider: { type: 'string' }, csv: { type: 'boolean', default: false } } })
const month = values.month ?? new Date().toISOString().slice(0, 7)
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error('Write the month as YYYY-MM, e.g. --month 2026-11.')
  process.exit(2)
}
const target = storeTarget()
if ('sqlite' in target && !existsSync(target.sqlite)) {
  console.log(`No call log yet at ${target.sqlite}.`)
  process.exit(0)
}
const settings = await readVoiceSettings().catch(() => undefined)
const timeZone = settings?.timeZone ?? 'America/New_York'
const store = await openStore(target)
const statement = await readStatement(store.db, month, timeZone, values.provider)
process.stdout.write(values.csv ? statementCsv(statement) : statementText(statement, settings?.conversionCurrency ?? 'USD'))
await store.close()
