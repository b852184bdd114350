// Screenshot of the Studio's Calls tool → Providers (docs/screens/calls-tool-providers.png) after a simulated day of routed calls.
// Usage: flock /tmp/heavy.lock npm run build && flock /tmp/heavy.lock npx node scripts/screens/providersView.ts [out folder]
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startLocalLake, type LocalLake } from '../lake/server.ts'
import { siteEnvOnLake } from '../lake/siteEnv.ts'
import { DEFAULT_LAKE_PORT } from '../../web/lib/config.ts'
import { openStore } from '../../web/lib/db/index.ts'
import { callerHashSecret } from '../../web/lib/calls/callerKey.ts'
import { DEMO_TWILIO_TOKEN } from '../calls/demoContent.ts'
import { leaseNumber } from '../../web/lib/calls/store/store.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../../web/lib/calls/webhooks/voice.ts'
import { voiceRecorder } from '../../web/lib/calls/store/voiceQueue.ts'
import { storeRouting } from '../../web/lib/calls/routing/routing.ts'
import { twilioSignature } from '../../web/lib/calls/webhooks/signature.ts'
import { readVoiceSettings } from '../../web/content/voiceContent.ts'
import { dialAction, dialActionParams, incomingParams, newSid } from '../calls/twilioStandIn.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/browser.ts'
import { startSite, type NextServer } from '../../tests/e2e/nextServer.ts'

/**
 * The real Studio in Chromium at 1280×800 on the production build, the local Content Lake holding the call-tracking
 * demo dataset (three providers, routing on). Its call store holds a day of routed calls played through the real
 * webhook handlers (signed as Twilio signs them): routed, failed over, declined, and missed. The lake's ports are
 * the ones the build's Studio calls, hence the lock.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/screens'))
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const SITE_PORT = 4301
const SECRET = 'providers-screens-webhook-secret'
const DEMO = path.join(ROOT, 'studio/dataset/call-tracking-demo.ndjson')
const PUBLIC = 'https://leads.example.com'

const folder = mkdtempSync(path.join(tmpdir(), 'providers-screens-'))
const callLogFile = path.join(folder, 'calls.sqlite')
const dataDir = path.join(folder, 'lake')
mkdirSync(dataDir)
copyFileSync(DEMO, path.join(dataDir, 'production.ndjson'))
mkdirSync(OUT, { recursive: true })

// The demo dataset, as the site started below reads it from the lake.
process.env.CONTENT_DATASET_FILE = DEMO
const settings = await readVoiceSettings()
const store = await openStore({ sqlite: callLogFile })
const now = { t: 0 }
const deps: VoiceDeps = { authToken: DEMO_TWILIO_TOKEN, siteUrl: PUBLIC, callerSecret: callerHashSecret({ callerHashKey: undefined, twilioAuthToken: DEMO_TWILIO_TOKEN }), settings: async () => settings, recorder: voiceRecorder(async () => store.db), now: () => now.t, routing: storeRouting(async () => store.db), storeBudgetMs: 5_000 }
const signed = (route: string, params: [string, string][]) => ({ pathAndQuery: route, body: new URLSearchParams(params).toString(), signature: twilioSignature(DEMO_TWILIO_TOKEN, PUBLIC + route, params) })

/** One call: an ad visit's lease or the caller's keyed-in ZIP, then each leg's outcome [DialCallStatus, talk seconds, DialBridged]. */
async function play(at: number, to: string, from: string, how: { visit?: { place: string; pest: string; page: string }; digits?: string; legs: [string, number, string?][] }) {
  now.t = at
  if (how.visit) await leaseNumber(store.db, [to], { ...how.visit, keyword: '', location: '', experiment: '', version: '', campaign: 'spring_promo', clickKind: 'gclid', clickId: `demo-${at}` }, at - 120_000, 0)
  const call = { to, from, callSid: newSid('CA'), accountSid: newSid('AC') }
  let answer = await handleIncoming(signed('/api/voice/incoming', incomingParams(call)), deps)
  if (answer.body.includes('numDigits="5"')) answer = await handleIncoming(signed('/api/voice/incoming?zip=1', [...incomingParams(call), ['Digits', how.digits ?? '']]), deps)
  for (const [status, talk, bridged] of how.legs) {
    const action = dialAction(answer.body)
    if (!action) break
    now.t += (talk + 20) * 1000
    const params = dialActionParams({ ...call, talkSeconds: talk, dialStatus: status }).map(([name, value]) => [name, name === 'DialBridged' && bridged ? bridged : value] as [string, string])
    answer = await handleStatus(signed(action, params), deps)
  }
}

const day = new Date()
const at = (hour: number, minute: number) => Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - 2, hour + 6, minute)
const [a, b, c] = settings.pool as [string, string, string]
// A weekday two days ago, in the demo's Chicago time.
await play(at(9, 5), a, '+14695550131', { visit: { place: '1026339', pest: 'pest-ant', page: '/ants' }, legs: [['completed', 184]] })
await play(at(10, 20), '+18885550142', '+14695550132', { digits: '75201', legs: [['no-answer', 0], ['completed', 95]] })
await play(at(11, 40), '+18885550142', '+17735550133', { digits: '60614', legs: [['completed', 45]] })
await play(at(13, 10), b, '+17735550134', { visit: { place: '9021706', pest: 'pest-mouse', page: '/mice-rats' }, legs: [['completed', 240]] })
await play(at(15, 30), c, '+14695550135', { visit: { place: '1026339', pest: 'pest-ant', page: '/ants' }, legs: [['completed', 4, 'false'], ['busy', 0], ['completed', 60]] })
await play(at(16, 45), a, '+14695550137', { visit: { place: '1026339', pest: 'pest-ant', page: '/ants' }, legs: [['completed', 130]] })
await play(at(19, 30), '+18885550142', '+19075550136', { digits: '99501', legs: [['no-answer', 0]] })
await deps.recorder.idle()

let lake: LocalLake | undefined
let site: NextServer | undefined
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  lake = await startLocalLake({ dataDir, port: LAKE_PORT, webhook: { url: `http://127.0.0.1:${SITE_PORT}/api/revalidate`, secret: SECRET } })
  site = await startSite(SITE_PORT, { ...siteEnvOnLake({ port: LAKE_PORT, webhookSecret: SECRET, readToken: 'local-lake' }), CALL_LOG_FILE: callLogFile, TWILIO_AUTH_TOKEN: DEMO_TWILIO_TOKEN })
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(`${site.url}/studio/calls`, { timeout: 120_000 })
  await page.getByRole('button', { name: 'Providers' }).click({ timeout: 120_000 })
  await page.getByRole('table', { name: /^Providers in / }).first().waitFor({ timeout: 60_000 })
  await page.screenshot({ path: path.join(OUT, 'calls-tool-providers.png') })
  console.log(`Saved ${path.join(OUT, 'calls-tool-providers.png')}`)
} finally {
  await browser.close()
  await site?.stop()
  await lake?.close()
  await store.close()
  rmSync(folder, { recursive: true, force: true })
}
