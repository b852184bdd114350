// Qualified calls joined to an ad click as offline conversions, and the adjustments of those whose outcome
// changed since they were handed over — the same files the /api/conversions/* feeds serve, byte for byte.
// Clicks older than the platforms' 90 days are left out and named on standard error.
// Usage: npm run calls:export -- --google-ads [--since YYYY-MM-DD] [--braid | --enhanced | --adjustments] [--header-first]
//        npm run calls:export -- --microsoft-ads [--since YYYY-MM-DD]
//   --braid: the GBRAID/WBRAID clicks' file; --enhanced: enhanced conversions for leads (SHA-256 of the caller's
//   E.164 number), only when Site settings → Call tracking turn it on; --adjustments: Google's conversion
//   adjustment file (RETRACTION / RESTATEMENT by Order ID = the call's id); --microsoft-ads: Microsoft
//   Advertising's offline conversions (msclkid) with Restate/Retract rows. Reads the store of record
//   (DATABASE_URL, else CALL_LOG_FILE) and the site's content (the Sanity project, else CONTENT_DATASET_FILE,
//   else the bundled dataset: which one is said on standard error).
import nextEnv from '@next/env'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readVoiceSettings, voiceContentSource } from '../../web/content/voiceContent.ts'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { exportConversions, exportGoogleAdjustments, exportMicrosoft, parseSince } from '../../web/lib/calls/exports/exportConversions.ts'
import { tooOldLines } from '../../web/lib/calls/exports/googleAds.ts'

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '../..'), false, { info: () => {}, error: console.error }, true)
const flag = { type: 'boolean', default: false } as const
const { values } = parseArgs({ options: { 'google-ads': flag, 'microsoft-ads': flag, since: { type: 'string', default: '' }, braid: flag, enhanced: flag, adjustments: flag, 'header-first': flag } })
const since = parseSince(values.since)
const googleKinds = [values.braid, values.enhanced, values.adjustments].filter(Boolean).length
if (values['google-ads'] === values['microsoft-ads'] || since === null || googleKinds > 1 || (values['microsoft-ads'] && googleKinds > 0)) {
  console.error('Usage: npm run calls:export -- --google-ads [--since YYYY-MM-DD] [--braid | --enhanced | --adjustments]\n       npm run calls:export -- --microsoft-ads [--since YYYY-MM-DD]')
  process.exit(2)
}
console.error(`Settings from ${voiceContentSource()}.`)
const settings = await readVoiceSettings()
if (values.enhanced && !settings.enhancedConversions) {
  console.error('Enhanced conversions are off: turn them on in Site settings → Call tracking.')
  process.exit(2)
}
const target = storeTarget()
if ('sqlite' in target && !existsSync(target.sqlite)) console.error(`No calls recorded yet at ${target.sqlite}.`)
const { db } = await openStore(target)
const now = Date.now()
if (values.adjustments) process.stdout.write((await exportGoogleAdjustments(db, settings, now)).csv)
else if (values['microsoft-ads']) process.stdout.write((await exportMicrosoft(db, settings, since, now)).csv)
else {
  const result = await exportConversions(db, settings, values.braid ? 'braid' : values.enhanced ? 'enhanced' : 'gclid', since, now, { headerFirst: values['header-first'] })
  for (const line of tooOldLines(result.tooOld)) console.error(line)
  process.stdout.write(result.csv)
}
await db.destroy()
