// A provider statement: one row per payable call of the month (time in Site settings' time zone, masked
// caller, talk seconds, page, pest, place, amount) and the total; the same figures as the Calls tool's
// Providers view.
// Usage: npm run calls:statement -- --month 2026-11 [--provider <id>] [--csv]   (CALL_LOG_FILE to read another file)
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { legsSince } from '../../web/lib/calls/store/legRecords.ts'
import { buildStatement, statementCsv, statementText } from '../../web/lib/providers/statement.ts'
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
// A day either side of the month in UTC covers every time zone; buildStatement keeps the month's own.
const [year, monthIndex] = month.split('-').map(Number) as [number, number]
const from = Date.UTC(year, monthIndex - 1, 1) - 86_400_000
const until = Date.UTC(year, monthIndex, 1) + 86_400_000
const legs = (await legsSince(store.db, from)).filter((leg) => leg.at < until)
const calls = await store.db.selectFrom('voice_calls').select(['call_sid', 'caller', 'page', 'started_at']).where('started_at', '>=', from - 86_400_000).where('started_at', '<', until).execute()
const statement = buildStatement(month, legs, new Map(calls.map((call) => [call.call_sid, { caller: call.caller, page: call.page, startedAt: Number(call.started_at) }])), timeZone, values.provider)
process.stdout.write(values.csv ? statementCsv(statement) : statementText(statement, settings?.conversionCurrency ?? 'USD'))
await store.close()
