// The attacks of an outsider with a phone line, a locked file and a Studio login (issue of hardening), in process
// against the real handlers and stores: what got through, and what a real caller or visitor saw. Run by
// `npm run bench:outsiders` after its first attacks. LOCK_S (default 20): how long another process holds the file.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { dialActionParams, incomingParams, newSid, transcriptionParams } from '../scripts/calls/twilioStandIn.ts'
import { startMessagesStandIn } from '../scripts/calls/messagesStandIn.ts'
import { openStore } from '../web/lib/db/index.ts'
import { sqliteOutbox } from '../web/lib/db/outbox.ts'
import { voiceSettings } from '../web/lib/calls/settings.ts'
import { twilioSignature } from '../web/lib/calls/webhooks/signature.ts'
import { callsSince } from '../web/lib/calls/store/callQueries.ts'
import { voiceRecorder } from '../web/lib/calls/store/voiceQueue.ts'
import type { VoiceJob } from '../web/lib/calls/store/voiceJobs.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../web/lib/calls/webhooks/voice.ts'
import { handleTranscription } from '../web/lib/calls/webhooks/media.ts'
import { storeRouting } from '../web/lib/calls/routing/routing.ts'
import { legsSince } from '../web/lib/calls/store/legRecords.ts'
import { leaseForLanding } from '../web/lib/calls/pool/leaseGuard.ts'
import { openVoiceDb } from '../web/lib/calls/store/db.ts'
import { landingToken, verifiedLanding } from '../web/lib/personalization/landing.ts'
import { parseProviders } from '../web/lib/providers/provider.ts'
import { buildCallsReport } from '../web/lib/campaigns/report.ts'
import { buildVoiceReport } from '../web/lib/calls/report.ts'
import { answerOutcomeChange } from '../web/content/outcomeChange.ts'

type Row = { attack: string; 'got through': string; 'a real visitor saw': string }
const TOKEN = 'bench-token'
const SITE = 'https://leads.example.com'
const ACCOUNT = `AC${'b'.repeat(32)}`
const LOCK_S = Number(process.env.LOCK_S || 20)
const signed = (route: string, params: [string, string][]) => ({ pathAndQuery: route, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + route, params) })
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `p50 ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`
}

async function call(deps: VoiceDeps, from: string, talk: number, { to = '+13125550170', extra = [] as [string, string][], said = '' } = {}) {
  const base = { to, from, callSid: newSid('CA'), accountSid: ACCOUNT }
  const started = performance.now()
  const first = await handleIncoming(signed('/api/voice/incoming', [...incomingParams(base), ...extra]), deps)
  const action = /<Dial\b[^>]*\baction="([^"]+)"/.exec(first.body)?.[1]?.replaceAll('&amp;', '&') ?? '/api/voice/status'
  await handleStatus(signed(action, [...dialActionParams({ ...base, talkSeconds: talk, dialStatus: talk > 0 ? 'completed' : 'no-answer' }), ...extra]), deps)
  if (said) await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: base.callSid, accountSid: ACCOUNT, transcript: said, sequence: 1 })), deps)
  return { sid: base.callSid, ms: performance.now() - started }
}

/** Another process holds the SQLite file's write lock for LOCK_S while 24 signed calls and 6 lease asks arrive. */
async function lockedFile(folder: string): Promise<Row> {
  const file = path.join(folder, 'locked.sqlite')
  // Opened as the site opens its store: a write that finds the file busy does not wait for it.
  const store = await openStore({ sqlite: file, busyTimeoutMs: 0 })
  const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool: ['+13125550161'] }, { phone: '+18885550142' })
  const recorder = voiceRecorder(async () => store.db, { outbox: sqliteOutbox<VoiceJob>(path.join(folder, 'locked-outbox.sqlite')), retryMs: 100, warn: () => {} })
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, routing: storeRouting(async () => store.db) }
  const holder = execFile(process.execPath, ['-e', `const { DatabaseSync } = require('node:sqlite'); const db = new DatabaseSync(${JSON.stringify(file)}); db.exec('PRAGMA busy_timeout = 10000; BEGIN IMMEDIATE; DELETE FROM webhook_deliveries WHERE key = 1'); process.stdout.write('locked\\n'); setTimeout(() => { db.exec('COMMIT'); process.exit(0) }, ${LOCK_S * 1000})`])
  await new Promise<void>((resolve) => holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve()))
  const exited = new Promise<void>((resolve) => holder.on('exit', () => resolve()))
  const answers: { sid: string; ms: number }[] = []
  const leases: number[] = []
  for (let index = 0; index < 24; index++) {
    answers.push(await call(deps, `+1415555${String(2000 + index)}`, 90))
    if (index % 4 === 0) {
      const started = performance.now()
      await leaseForLanding(store.db, settings.pool, 0, settings.leaseLimits, { page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid', clickId: `locked-${index}` }, { token: verifiedLanding(landingToken('/ants', Date.now())), page: '/ants', leaseId: '', client: `127.60.${index}.1` }, 'bench', Date.now()).catch(() => null)
      leases.push(performance.now() - started)
    }
    await new Promise((resolve) => setTimeout(resolve, (LOCK_S * 1000) / 30))
  }
  await exited
  for (let attempt = 0; attempt < 300 && (recorder.pending() > 0 || recorder.parked() > 0); attempt++) {
    await recorder.idle()
    await recorder.drainOutbox()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const stored = (await callsSince(store.db, 0)).filter((one) => answers.some((answer) => answer.sid === one.callSid) && one.status === 'answered').length
  recorder.close()
  await store.close()
  return { attack: `another process holds the SQLite file ${LOCK_S} s: 24 signed calls, 6 lease asks`, 'got through': `${stored} of 24 calls stored once after`, 'a real visitor saw': `TwiML pairs ${ms(answers.map((answer) => answer.ms))}; lease asks ${ms(leases)}` }
}

/** Withheld numbers, texts to anyone, cheap leads, a repeat caller: calls played through the real handlers with routing and texts on. */
async function phoneLine(folder: string): Promise<Row[]> {
  const messages = await startMessagesStandIn(ACCOUNT, TOKEN)
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_BASE: messages.url })
  const db = await openVoiceDb(path.join(folder, 'line.sqlite'))
  const providers = parseProviders([{ _id: 'tx', name: 'Lone Star', phone: '+15125550101', active: true, states: ['TX'], payout: 40, billableSeconds: 60 }], 60)
  const settings = voiceSettings({ enabled: true, businessLine: '', routing: true, missedMessage: 'Sorry.', textBack: { enabled: true, body: 'Sorry we missed your call.', onceEveryHours: 24 } }, { phone: '+18885550142', providers, pests: [] })
  const recorder = voiceRecorder(async () => db, { retryMs: 1, warn: () => {} })
  const deps: VoiceDeps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder, routing: storeRouting(async () => db) }
  const tx: [string, string][] = [['FromState', 'TX']]
  const withheld = ['Anonymous', 'Anonymous', 'Anonymous', '+266696687', '+266696687', '+266696687']
  for (const from of withheld) {
    await call(deps, from, 95, { extra: tx })
    await recorder.idle()
  }
  const calls = await callsSince(db, 0)
  const leads = calls.filter((one) => one.qualified).length
  const rows: Row[] = [{ attack: '6 calls from withheld numbers (Anonymous, +266696687), 95 s each', 'got through': `${leads} qualified leads`, 'a real visitor saw': `outcomes: ${[...new Set(calls.map((one) => one.outcome || 'none'))].join(', ')}` }]
  const foreign = ['+447700900123', '+2348012345678', '+88216000000', '+15125550299']
  for (const [index, from] of foreign.entries()) await call(deps, from, 0, { extra: index === 3 ? [['StirVerstat', 'TN-Validation-Failed-B']] : [] })
  await recorder.idle()
  const texted = messages.sent.filter((text) => foreign.includes(text.to)).length
  rows.push({ attack: 'missed calls from +44, +234, +882 and a STIR-failed US number', 'got through': `${texted} texts sent to them`, 'a real visitor saw': `${messages.sent.length} texts in all` })
  const before = (await legsSince(db, 0)).filter((leg) => leg.payable).length
  const now = Date.now()
  await call(deps, '+15125550300', 10, { extra: tx, said: 'I want to schedule a visit.' })
  await call(deps, '+15125550301', 95, { extra: tx })
  deps.now = () => now + 86_400_000
  await call(deps, '+15125550301', 95, { extra: tx, said: 'How much for a quote?' })
  await recorder.idle()
  const after = await callsSince(db, 0)
  const cheap = after.find((one) => one.talkSeconds === 10)
  const paid = (await legsSince(db, 0)).filter((leg) => leg.payable).length - before
  rows.push({ attack: 'a 10 s call saying "schedule"; a repeat caller saying "how much" the next day', 'got through': `10 s call: ${cheap?.qualified ? 'qualified' : 'not qualified'} (${cheap?.outcome}); ${paid} payable calls of the repeat caller's 2`, 'a real visitor saw': 'the provider billed once' })
  recorder.close()
  await db.destroy()
  await messages.close()
  return rows
}

/** A landing token's lease extended every 5 minutes for 3 hours; 120 leases without calls poured into one version. */
async function leasesAndVerdicts(folder: string): Promise<Row[]> {
  const db = await openVoiceDb(path.join(folder, 'leases.sqlite'))
  const landed = Date.now()
  const token = verifiedLanding(landingToken('/ants', landed))
  const visit = { page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid' as const, clickId: 'held' }
  const limits = { perNetwork: 8, perAddress: 4 }
  let lease = (await leaseForLanding(db, ['+13125550181'], 0, limits, visit, { token, page: '/ants', leaseId: '', client: '127.70.0.1' }, 'bench', landed)).lease
  let lastHeld = 0
  for (let minute = 5; minute <= 180 && lease; minute += 5) {
    lease = (await leaseForLanding(db, ['+13125550181'], 0, limits, visit, { token, page: '/ants', leaseId: lease.id, client: '127.70.0.1' }, 'bench', landed + minute * 60_000)).lease
    if (lease) lastHeld = minute
  }
  await db.destroy()
  const counts = { arms: [{ experiment: 'hero', arm: 'a', visitors: 1_000, converters: 40, taps: 50, firstDay: '', lastDay: '' }, { experiment: 'hero', arm: 'b', visitors: 1_000, converters: 80, taps: 95, firstDay: '', lastDay: '' }], weights: new Map([['hero', new Map([['a', 50], ['b', 50]])]]), bots: new Map<string, number>() }
  const pool = (extra: number) => buildVoiceReport([], [], [{ experiment: 'hero', version: 'a', visitors: 400 + extra, converters: 30 }, { experiment: 'hero', version: 'b', visitors: 400, converters: 70 }])
  const [clean, flooded] = [buildCallsReport('2026-11-01', [], counts, pool(0)), buildCallsReport('2026-11-01', [], counts, pool(120))].map((report) => report.experiments[0]!.verdict)
  return [
    { attack: 'a lease extended every 5 min for 3 h with its landing token', 'got through': `held ${lastHeld} min`, 'a real visitor saw': 'the number back in the pool once the landing token ended (2 h)' },
    { attack: '120 leases without calls poured into version a', 'got through': `verdict ${flooded!.leader ?? 'none'} (split check ${flooded!.srm.fired ? 'fired' : 'quiet'})`, 'a real visitor saw': `same as without them: ${clean!.leader ?? 'none'} ahead, ${clean!.conclusive ? 'conclusive' : 'not yet conclusive'}` },
  ]
}

/** A Studio user who is not an administrator sets a call to booked at $99,999. */
async function studioRole(folder: string): Promise<Row> {
  const db = await openVoiceDb(path.join(folder, 'role.sqlite'))
  const editor = { verify: async () => ({ id: 'pEditor', name: 'Edna', roles: ['editor'] }) }
  const answer = await answerOutcomeChange({ authorization: 'Bearer editor', body: { call: `CA${'1'.repeat(32)}`, outcome: 'booked', value: 99_999 } }, { auth: editor, db: async () => db, rules: async () => ({ outcomeRoles: [], maxOutcomeValue: 10_000 }) })
  await db.destroy()
  return { attack: 'an editor (not an administrator) sets a call to booked at $99,999', 'got through': `answered ${answer.status}`, 'a real visitor saw': 'the outcome unchanged' }
}

export async function callAttacks(folder: string): Promise<Row[]> {
  return [await lockedFile(folder), ...(await phoneLine(folder)), ...(await leasesAndVerdicts(folder)), await studioRole(folder)]
}
