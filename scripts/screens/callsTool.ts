// Screenshots of the Studio's Calls tool with recorded calls (docs/screens/calls-tool-calls.png, calls-tool-missed.png). Usage: flock /tmp/heavy.lock npm run build && flock /tmp/heavy.lock npx node scripts/screens/callsTool.ts [out folder]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startLocalLake, type LocalLake } from '../lake/server.ts'
import { siteEnvOnLake } from '../lake/siteEnv.ts'
import { readConfig, DEFAULT_LAKE_PORT } from '../../web/lib/config.ts'
import { openStore, type Store } from '../../web/lib/db/index.ts'
import { callerHashSecret, callerKey } from '../../web/lib/calls/callerKey.ts'
import { DEMO_CALL_TRACKING, DEMO_TWILIO_TOKEN, unroutedDemoNdjson } from '../calls/demoContent.ts'
import { voiceSettings } from '../../web/lib/calls/settings.ts'
import { callsSince, leaseNumber, recordIncoming, recordOutcome, type VisitFacts } from '../../web/lib/calls/store/store.ts'
import { newSid, simulateCall } from '../calls/twilioStandIn.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/browser.ts'
import { startSite, type NextServer } from '../../tests/e2e/nextServer.ts'

/**
 * The real Studio in Chromium at 1280×800, on the production build served on the local Content Lake with the
 * call-tracking demo dataset (studio/dataset/call-tracking-demo.ndjson). Its call store, a fresh SQLite file, holds
 * two earlier days of ad visits and calls written with the call store's own functions (a lease per visit, then
 * "a call comes in" and the outcome, as the webhooks write them), and today's calls are played against the running
 * site by the Twilio stand-in (the signed requests `npm run calls:simulate` sends) to numbers leased to visits.
 * The lake's ports are the ones the build's Studio calls (as tests/e2e/editorGuards.e2e.ts), hence the lock.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/screens'))
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const SITE_PORT = 3149
const SECRET = 'calls-tool-screens-webhook-secret'
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const settings = voiceSettings(DEMO_CALL_TRACKING)
const rules = { pool: settings.pool, campaignNumbers: settings.campaignNumbers, minTalkSeconds: settings.minTalkSeconds, firstCallerDays: settings.firstCallerDays }
const hashSecret = callerHashSecret({ callerHashKey: undefined, twilioAuthToken: DEMO_TWILIO_TOKEN })

/** One ad visit (null: a call to a pool number no visit holds) and the call made from it. */
interface Played {
  visit: Omit<VisitFacts, 'location' | 'experiment' | 'version' | 'clickKind'> | null
  caller: string
  dialStatus: 'completed' | 'no-answer' | 'busy'
  talkSeconds: number
}

const visit = (page: string, keyword: string, campaign: string, clickId: string) => ({ page, keyword, campaign, clickId })

/** Two earlier days, by UTC day (0 = two days ago) and minutes after midnight. */
const EARLIER: (Played & { day: number; minute: number })[] = [
  { day: 0, minute: 9 * 60 + 12, visit: visit('/ants', 'ant exterminator', 'spring_promo', 'Cj0KCQ-ants-1'), caller: '+17735550111', dialStatus: 'completed', talkSeconds: 184 },
  { day: 0, minute: 10 * 60 + 40, visit: visit('/', 'pest control near me', 'spring_promo', 'Cj0KCQ-home-1'), caller: '+17735550112', dialStatus: 'completed', talkSeconds: 45 },
  { day: 0, minute: 13 * 60 + 5, visit: visit('/hornet-nest-removal-near-me', 'hornet nest removal', 'summer_wasps', 'Cj0KCQ-hornet-1'), caller: '+16305550113', dialStatus: 'no-answer', talkSeconds: 0 },
  { day: 0, minute: 16 * 60 + 20, visit: null, caller: '+13125550114', dialStatus: 'completed', talkSeconds: 75 },
  { day: 1, minute: 8 * 60 + 55, visit: visit('/mice-rats', 'mouse exterminator', 'spring_promo', 'Cj0KCQ-mice-1'), caller: '+17085550115', dialStatus: 'completed', talkSeconds: 240 },
  { day: 1, minute: 11 * 60 + 30, visit: visit('/ants', 'ant exterminator', 'spring_promo', 'Cj0KCQ-ants-2'), caller: '+17735550111', dialStatus: 'completed', talkSeconds: 130 },
  { day: 1, minute: 12 * 60 + 10, visit: visit('/bed-bugs', 'bed bug treatment', 'spring_promo', 'Cj0KCQ-bedbugs-1'), caller: '+13125550116', dialStatus: 'busy', talkSeconds: 0 },
  { day: 1, minute: 15 * 60 + 45, visit: visit('/ants', 'ant control', 'spring_promo', 'Cj0KCQ-ants-3'), caller: '+16305550117', dialStatus: 'no-answer', talkSeconds: 0 },
  { day: 1, minute: 17 * 60 + 2, visit: visit('/wasps', 'wasp nest removal', 'summer_wasps', 'Cj0KCQ-wasps-1'), caller: '+17735550118', dialStatus: 'completed', talkSeconds: 96 },
]

/** Today's, played against the site a few minutes after their visits leased a number. */
const TODAY: Played[] = [
  { visit: visit('/ants', 'ant exterminator', 'spring_promo', 'Cj0KCQ-ants-4'), caller: '+17735550119', dialStatus: 'completed', talkSeconds: 95 },
  { visit: visit('/roaches', 'cockroach exterminator', 'spring_promo', 'Cj0KCQ-roaches-1'), caller: '+13125550120', dialStatus: 'no-answer', talkSeconds: 0 },
  { visit: visit('/hornet-nest-removal-near-me', 'hornet nest removal', 'summer_wasps', 'Cj0KCQ-hornet-2'), caller: '+16305550121', dialStatus: 'completed', talkSeconds: 45 },
]

const facts = (played: Played['visit'] & object): VisitFacts => ({ ...played, location: 'Chicago, IL', experiment: '', version: '', clickKind: 'gclid' })

async function lease(store: Store, played: Played, at: number): Promise<string> {
  if (!played.visit) return settings.pool[settings.pool.length - 1]!
  const held = await leaseNumber(store.db, settings.pool, facts(played.visit), at, settings.poolRestMs)
  if (!held) throw new Error(`the demo pool was full at ${new Date(at).toISOString()}`)
  return held.number
}

/** An earlier call as the two webhooks record it: leased at `at`, called 4 minutes later, ringing 20 s. */
async function recordEarlier(store: Store, played: Played, at: number) {
  const to = await lease(store, played, at)
  const callSid = newSid('CA')
  const started = at + 4 * MINUTE
  const key = callerKey(hashSecret, played.caller)
  await recordIncoming(store.db, { callSid, to, from: played.caller, callerKey: key, at: started }, rules)
  await recordOutcome(store.db, { callSid, to, from: played.caller, callerKey: key, dialStatus: played.dialStatus, talkSeconds: played.talkSeconds, at: started + 20_000 + played.talkSeconds * 1000 }, rules)
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const started = Date.now()
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const folder = mkdtempSync(path.join(tmpdir(), 'calls-tool-screens-'))
const callLogFile = path.join(folder, 'calls.sqlite')
const dataDir = path.join(folder, 'lake')
mkdirSync(dataDir)
// The demo without routing to providers: these screenshots show calls forwarded to the business line.
writeFileSync(path.join(dataDir, 'production.ndjson'), unroutedDemoNdjson(readFileSync(path.join(ROOT, 'studio/dataset/call-tracking-demo.ndjson'), 'utf8')))
mkdirSync(OUT, { recursive: true })

let lake: LocalLake | undefined
let site: NextServer | undefined
const store = await openStore({ sqlite: callLogFile })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const now = Date.now()
  const firstDay = Date.parse(new Date(now - 2 * DAY).toISOString().slice(0, 10))
  for (const played of EARLIER) await recordEarlier(store, played, firstDay + played.day * DAY + played.minute * MINUTE)
  const todayNumbers: string[] = []
  for (const played of TODAY) todayNumbers.push(await lease(store, played, now - 3 * MINUTE))

  lake = await startLocalLake({ dataDir, port: LAKE_PORT, webhook: { url: `http://127.0.0.1:${SITE_PORT}/api/revalidate`, secret: SECRET } })
  const env = { ...siteEnvOnLake({ port: LAKE_PORT, webhookSecret: SECRET, readToken: 'local-lake' }), CALL_LOG_FILE: callLogFile, TWILIO_AUTH_TOKEN: DEMO_TWILIO_TOKEN }
  site = await startSite(SITE_PORT, env)
  const publicUrl = readConfig(process.env).siteUrl.toString()
  for (const [index, played] of TODAY.entries()) {
    const result = await simulateCall({ site: site.url, publicUrl, authToken: DEMO_TWILIO_TOKEN, to: todayNumbers[index]!, from: played.caller, talkSeconds: played.talkSeconds, dialStatus: played.dialStatus })
    if (result.incoming.status !== 200 || result.status?.status !== 200) throw new Error(`the site refused a call: ${result.incoming.status} ${result.incoming.body}`)
  }
  // The site writes a call after its TwiML answer.
  await until('today’s calls are recorded', async () => (await callsSince(store.db, now - 10 * MINUTE)).filter((call) => call.status !== 'ringing').length === TODAY.length)

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(`${site.url}/studio/calls`, { timeout: 120_000 })
  await page.getByRole('table', { name: 'Calls per day, page, campaign, keyword and version' }).waitFor({ timeout: 120_000 })
  await page.getByRole('table', { name: 'Missed calls to call back' }).waitFor()
  await page.screenshot({ path: path.join(OUT, 'calls-tool-calls.png') })
  await page.getByRole('heading', { name: 'Missed calls' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
  await page.screenshot({ path: path.join(OUT, 'calls-tool-missed.png') })

  const calls = await callsSince(store.db, firstDay)
  const count = (status: string) => calls.filter((call) => call.status === status).length
  console.log(`${calls.length} calls: ${count('answered')} answered (${calls.filter((call) => call.qualified).length} qualified), ${count('missed')} missed (no answer), ${count('busy')} busy`)
  console.log(`Saved ${path.join(OUT, 'calls-tool-calls.png')} and ${path.join(OUT, 'calls-tool-missed.png')}`)
} finally {
  await browser.close()
  await site?.stop()
  await lake?.close()
  await store.close()
  rmSync(folder, { recursive: true, force: true })
}
