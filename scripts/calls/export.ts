// Qualified calls joined to an ad click as Google Ads offline click conversions (Google's CSV template, the
// same file the /api/conversions/google-ads.csv feed serves). Clicks older than Google's 90 days are left out
// and named on standard error.
// Usage: npm run calls:export -- --google-ads [--since YYYY-MM-DD] [--braid | --enhanced] [--header-first]
//   --braid: the GBRAID/WBRAID clicks' file; --enhanced: enhanced conversions for leads (SHA-256 of the caller's
//   E.164 number), only when Site settings → Call tracking turn it on. Reads the store of record (DATABASE_URL, else CALL_LOG_FILE) and the site's content.
import nextEnv from '@next/env'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readVoiceSettings } from '../../web/content/voiceContent.ts'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { exportConversions, parseSince } from '../../web/lib/calls/exportConversions.ts'
import { tooOldLines } from '../../web/lib/calls/googleAds.ts'

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '../..'), false, { info: () => {}, error: console.error }, true)
const { values } = parseArgs({ options: { 'google-ads': { type: 'boolean', default: false }, since: { type: 'string', default: '' }, braid: { type: 'boolean', default: false }, enhanced: { type: 'boolean', default: false }, 'header-first': { type: 'boolean', default: false } } })
const since = parseSince(values.since)
if (!values['google-ads'] || since === null || (values.braid && values.enhanced)) {
  console.error('Usage: npm run calls:export -- --google-ads [--since YYYY-MM-DD] [--braid | --enhanced]')
  process.exit(2)
}
const settings = await readVoiceSettings()
if (values.enhanced && !settings.enhancedConversions) {
  console.error('Enhanced conversions are off: turn them on in Site settings → Call tracking.')
  process.exit(2)
}
const target = storeTarget()
if ('sqlite' in target && !existsSync(target.sqlite)) console.error(`No calls recorded yet at ${target.sqlite}.`)
const { db } = await openStore(target)
const result = await exportConversions(db, settings, values.braid ? 'braid' : values.enhanced ? 'enhanced' : 'gclid', since, Date.now(), { headerFirst: values['header-first'] })
for (const line of tooOldLines(result.tooOld)) console.error(line)
process.stdout.write(result.csv)
await db.destroy()
