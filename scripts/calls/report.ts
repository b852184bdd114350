// Taps on call links per day × page × keyword, from the site's own call log (the local SQLite file;
// with Supabase, query call_clicks with the owner's key instead — the site's anon key may only insert).
// Usage: npm run calls:report   (CALL_LOG_FILE to read another file)
import { existsSync } from 'node:fs'
import { callLogFile } from '../../web/lib/calls/index.ts'
import { sqliteCallLog } from '../../web/lib/calls/store.ts'

const file = callLogFile()
if (!existsSync(file)) {
  console.log(`No call log yet at ${file}: taps are recorded once the site has served a call tap.`)
  process.exit(0)
}
const rows = await sqliteCallLog(file).summary()
if (rows.length === 0) console.log('No taps recorded yet.')
else console.table(rows.map((row) => ({ day: row.day, page: row.page, keyword: row.keyword || '(none)', taps: row.taps })))
