// The attacks of an outsider on the numbers, in process against the real handlers and stores (no build):
// what got through, and what a real visitor saw. Run by `npm run bench:hostile` before its server figures.
//   1. the verdict bought with the server's own cookies (2,000 from 100 networks, b-only taps);
//   2. junk taps from 100 networks, then a real visitor's tap and beacon;
//   3. 330 wrong feed passwords from 12 networks, then Google's right ones;
//   4. 25 lease asks without a landing token from one address, then a real gclid visitor;
//   5. PostgreSQL stopped for OUTAGE_S seconds (default 20) during 350 signed calls, then read-only during 74;
//   6–12. a locked SQLite file, withheld and foreign numbers, cheap leads, leases, verdicts, roles (outsidersCalls.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres } from '../tests/support/postgres.ts'
import { refusedPort } from '../tests/support/postgrest.ts'
import { dialActionParams, incomingParams, newSid } from '../scripts/calls/twilioStandIn.ts'
import { takeBeacon } from '../web/lib/taps/beacon.ts'
import { budgetLimiter } from '../web/lib/taps/rateLimit.ts'
import { recorder, type RecordJob } from '../web/lib/taps/recorder.ts'
import { sqliteExperimentVisitors } from '../web/lib/taps/experimentVisitors.ts'
import { sqliteOutbox } from '../web/lib/db/outbox.ts'
import { openStore } from '../web/lib/db/index.ts'
import { migrateToLatest } from '../web/lib/db/migrate.ts'
import { decideVisit } from '../web/lib/personalization/visit.ts'
import { LANDING_COOKIE, verifiedLanding } from '../web/lib/personalization/landing.ts'
import { buildCallsReport } from '../web/lib/campaigns/report.ts'
import { buildVoiceReport } from '../web/lib/calls/report.ts'
import { feedAccess } from '../web/lib/calls/exports/exportConversions.ts'
import { leaseForLanding } from '../web/lib/calls/pool/leaseGuard.ts'
import { openVoiceDb } from '../web/lib/calls/store/db.ts'
import { voiceSettings } from '../web/lib/calls/settings.ts'
import { twilioSignature } from '../web/lib/calls/webhooks/signature.ts'
import { callsSince } from '../web/lib/calls/store/callQueries.ts'
import { voiceRecorder } from '../web/lib/calls/store/voiceQueue.ts'
import type { VoiceJob } from '../web/lib/calls/store/voiceJobs.ts'
import { handleIncoming, handleStatus } from '../web/lib/calls/webhooks/voice.ts'
import { callAttacks } from './outsidersCalls.ts'

const OUTAGE_S = Number(process.env.OUTAGE_S || 20)
const folder = mkdtempSync(path.join(tmpdir(), 'bench-outsiders-'))
const EXPERIMENT = { name: 'spring', arms: [{ key: 'a', weight: 50 }, { key: 'b', weight: 50 }] }
const ROUTE = { id: 'spring', path: '/spring', fields: [], experiment: EXPERIMENT }
const rows: { attack: string; 'got through': string; 'a real visitor saw': string }[] = []

// 1 and 2: the beacon endpoint's own logic with the site's budgets, the real counts on SQLite.
const visitors = sqliteExperimentVisitors(path.join(folder, 'calls.sqlite'))
const numbers = recorder({ log: { record: async () => {}, summary: async () => [] }, visitors, outbox: sqliteOutbox<RecordJob>(path.join(folder, 'outbox.sqlite')) })
const taps = budgetLimiter({ name: 'call taps', perAddress: 10, perNetwork: 60, total: 6_000, windowMs: 60_000, log: () => {} })
const visits = budgetLimiter({ name: 'visitor beacons', perAddress: 60, perNetwork: 600, total: 60_000, windowMs: 60_000, log: () => {} })
const facts = async (page: string) => (page === '/spring' ? { routed: true, route: ROUTE, numbers: new Set(['+12145550100']) } : { routed: false, numbers: new Set<string>() })
const beacon = (body: string, client: string, cookie?: string) => takeBeacon(body, { client, cookie, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }, { facts, recorder: () => numbers, taps, visits })
const cookieOf = () => decideVisit(ROUTE, undefined, 'Mozilla/5.0', new URLSearchParams(), Math.random()).setCookies[0]!.split(';')[0]!
const tapBody = JSON.stringify({ page: '/spring', source: 'hero-button', number: '+12145550100' })
const seenBody = JSON.stringify({ seen: true, page: '/spring' })
for (let network = 0; network < 100; network++) {
  for (let n = 0; n < 20; n++) {
    const client = `127.${100 + network}.0.${1 + n}`
    const cookie = cookieOf()
    await beacon(seenBody, client, cookie)
    if (cookie.split('=')[1]!.startsWith('b.')) await beacon(tapBody, client, cookie)
  }
}
const counts = await visitors.counts()
const voice = buildVoiceReport([], [], [{ experiment: 'spring', version: 'a', visitors: 400, converters: 40 }, { experiment: 'spring', version: 'b', visitors: 400, converters: 44 }])
const byCalls = buildCallsReport('2026-01-01', [], counts, voice).experiments[0]!
const byTaps = buildCallsReport('2026-01-01', [], counts).experiments[0]!
const arm = (name: string) => counts.arms.find((row) => row.arm === name)
rows.push({
  attack: '2,000 server cookies from 100 networks, "seen" each, taps on b only',
  'got through': `b ${arm('b')?.visitors}/${arm('b')?.converters}, a ${arm('a')?.visitors}/${arm('a')?.converters} (visitors/converters) counted as taps`,
  'a real visitor saw': `by calls: "${byCalls.verdict.text}"; taps only: conclusive ${byTaps.verdict.conclusive}, ${byTaps.alarms.length} alarm(s)`,
})

let junkRefused = 0
for (let network = 0; network < 100; network++) for (let n = 0; n < 60; n++) if ((await beacon('{}', `127.${network}.9.${1 + (n % 3)}`)).status === 429) junkRefused++
const fresh = cookieOf()
const [freshSeen, freshTap] = [await beacon(seenBody, '127.250.0.9', fresh), await beacon(tapBody, '127.250.0.9', fresh)]
rows.push({ attack: '6,000 junk taps ({}) from 100 networks', 'got through': `0 counted; ${junkRefused} answered 429 (junk costs no budget)`, 'a real visitor saw': `beacon ${freshSeen.status}, tap ${freshTap.status}` })
numbers.close()

// 3: the feed's access rule with the route's own budget.
const env = { user: 'google', password: 'right-horse-battery' }
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`
const failures = budgetLimiter({ name: 'feed', perAddress: 10, perNetwork: 30, total: Infinity, windowMs: 60_000, log: () => {} })
const feed = new Map<string, number>()
for (let i = 0; i < 330; i++) {
  const access = feedAccess(basic(`google:guess-${i}`), `127.${40 + (i % 12)}.0.1`, failures, env)
  feed.set(access, (feed.get(access) ?? 0) + 1)
}
rows.push({ attack: '330 wrong feed passwords from 12 networks', 'got through': `0 let in (${[...feed].map(([access, count]) => `${count} ${access}`).join(', ')})`, 'a real visitor saw': `Google's right credentials: ${feedAccess(basic('google:right-horse-battery'), '127.40.0.1', failures, env) === 'allowed' ? '200' : 'refused'}` })

// 4: the lease endpoint's rule on a pool of 6 numbers.
const pool = Array.from({ length: 6 }, (_, index) => `+1312555016${index}`)
const poolDb = await openVoiceDb(path.join(folder, 'pool.sqlite'))
const visit = { page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: 'made-up', clickKind: '' as const, clickId: '' }
const limits = { perNetwork: 8, perAddress: 4 }
let taken = 0
for (let i = 0; i < 25; i++) if ((await leaseForLanding(poolDb, pool, 0, limits, visit, { token: undefined, page: '/ants', leaseId: '', client: '127.7.0.1' }, 'bench', Date.now())).lease) taken++
const landing = decideVisit({ path: '/ants', landing: { campaigns: [] } }, undefined, 'Mozilla/5.0', new URLSearchParams('gclid=Cj0-real'), 0).setCookies.find((line) => line.startsWith(LANDING_COOKIE))!
const token = verifiedLanding(landing.split(';')[0]!.slice(LANDING_COOKIE.length + 1))
const real = await leaseForLanding(poolDb, pool, 0, limits, { ...visit, clickKind: 'gclid', clickId: 'Cj0-real' }, { token, page: '/ants', leaseId: '', client: '127.8.0.1' }, 'bench', Date.now())
let fromOneAddress = 0
for (let i = 0; i < 25; i++) {
  const own = decideVisit({ path: '/ants', landing: { campaigns: [] } }, undefined, 'Mozilla/5.0', new URLSearchParams(`gclid=scripted-${i}`), 0).setCookies[0]!
  if ((await leaseForLanding(poolDb, pool, 0, limits, visit, { token: verifiedLanding(own.split(';')[0]!.slice(LANDING_COOKIE.length + 1)), page: '/ants', leaseId: '', client: '127.9.0.1' }, 'bench', Date.now())).lease) fromOneAddress++
}
rows.push({ attack: '25 lease asks without a landing token, one address', 'got through': `${taken} of 6 pool numbers held`, 'a real visitor saw': real.lease ? `a pool number (${real.lease.number})` : 'no number' })
rows.push({ attack: '25 scripted gclid landings, each with its token, one address', 'got through': `${fromOneAddress} numbers held (the address cap)`, 'a real visitor saw': `${pool.length - fromOneAddress - 1} of ${pool.length} numbers still free for other visits` })
await poolDb.destroy()

// 5: a real PostgreSQL stopped, then read-only, while signed calls come in.
const postgres = await startPostgres(await refusedPort())
const store = await openStore({ postgres: await postgres.database('calls'), poolMax: 3 })
await migrateToLatest(store.db)
const TOKEN = 'bench-token'
const SITE = 'https://leads.example.com'
const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool: [] }, { phone: '+18885550142', trackingNumbers: [{ match: 'campaign', value: 'Spring', phone: '+13125550170' }] })
const calls = voiceRecorder(async () => store.db, { outbox: sqliteOutbox<VoiceJob>(path.join(folder, 'voice.sqlite')), retryMs: 100, writeTimeoutMs: 1_000, warn: () => {} })
const deps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder: calls }
const signed = (route: string, params: [string, string][]) => ({ pathAndQuery: route, body: new URLSearchParams(params).toString(), signature: twilioSignature(TOKEN, SITE + route, params) })
async function play(index: number) {
  const base = { to: '+13125550170', from: `+1415555${String(index).padStart(4, '0')}`, callSid: newSid('CA'), accountSid: `AC${'0'.repeat(32)}` }
  const started = performance.now()
  await handleIncoming(signed('/api/voice/incoming', incomingParams(base)), deps)
  await handleStatus(signed('/api/voice/status', dialActionParams({ ...base, talkSeconds: 90, dialStatus: 'completed' })), deps)
  return { sid: base.callSid, ms: performance.now() - started }
}
async function settle() {
  for (let attempt = 0; attempt < 600 && (calls.pending() > 0 || calls.parked() > 0); attempt++) {
    await calls.idle()
    await calls.drainOutbox()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const storedOnce = async (sids: string[]) => (await callsSince(store.db, 0, 100_000)).filter((call) => sids.includes(call.callSid) && call.status === 'answered').length
const pace = (OUTAGE_S * 1000) / 300
const killed: { sid: string; ms: number }[] = []
for (let index = 0; index < 350; index++) {
  if (index === 40) postgres.stop()
  if (index === 340) postgres.start()
  killed.push(await play(index))
  await new Promise((resolve) => setTimeout(resolve, pace))
}
await settle()
const slowest = (answers: { ms: number }[]) => Math.round(Math.max(...answers.map((answer) => answer.ms)))
rows.push({ attack: `PostgreSQL stopped ${OUTAGE_S} s during 350 signed calls`, 'got through': `${await storedOnce(killed.map((call) => call.sid))} of 350 stored once`, 'a real visitor saw': `TwiML to every call, slowest pair ${slowest(killed)} ms` })
const admin = new pg.Client({ connectionString: postgres.url })
await admin.connect()
const readOnly = async (on: boolean) => {
  await admin.query('SET default_transaction_read_only = off')
  await admin.query(on ? 'ALTER SYSTEM SET default_transaction_read_only = on' : 'ALTER SYSTEM RESET default_transaction_read_only')
  await admin.query('SELECT pg_reload_conf()')
}
const spell: { sid: string; ms: number }[] = []
for (let index = 0; index < 74; index++) {
  if (index === 10) await readOnly(true)
  if (index === 64) await readOnly(false)
  spell.push(await play(1000 + index))
  await new Promise((resolve) => setTimeout(resolve, 100))
}
await admin.end()
await settle()
rows.push({ attack: 'a read-only database during 74 signed calls', 'got through': `${await storedOnce(spell.map((call) => call.sid))} of 74 stored once`, 'a real visitor saw': `TwiML to every call, slowest pair ${slowest(spell)} ms` })
calls.close()
await store.close()
postgres.destroy()
rows.push(...(await callAttacks(folder)))
rmSync(folder, { recursive: true, force: true })

console.table(rows)
