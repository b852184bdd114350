// How fast a routed caller hears the first leg: 50 calls at once ("A call comes in", signed as Twilio signs it)
// routed among 50 providers of 500 ZIP codes each, every call joined to an ad visit from a ZIP code (the visit's
// lease looked up, the provider's caps counted), ROUNDS times — with the call store answering (a SQLite file)
// and with a store that never answers (routing goes on without it after its budget, 2 s); and the first call
// after a cold start: on a store file that is opened and migrated by the call itself, and after the server's
// warm-up (web/content/voiceRuntime.ts warmVoiceStore), each saying whether the call was counted against the
// caps. The webhook handler runs behind a plain node:http server, as the production front answers it, so no
// build is needed. Prints TwiML p50/p99/max in ms. Target: p99 ≤ 100 ms with the store answering.
// Usage: npm run bench:routing     (CALLS=50, ROUNDS=5)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { openVoiceDb } from '../web/lib/calls/store/db.ts'
import { voiceSettings } from '../web/lib/calls/settings.ts'
import { leaseNumber } from '../web/lib/calls/store/store.ts'
import { handleIncoming } from '../web/lib/calls/webhooks/voice.ts'
import { voiceRecorder } from '../web/lib/calls/store/voiceQueue.ts'
import { storeRouting } from '../web/lib/calls/routing/routing.ts'
import { parseProviders, type ProviderFields } from '../web/lib/providers/provider.ts'
import { bundledPostalTable } from '../web/lib/location/postal.ts'
import type { Database } from '../web/lib/db/schema.ts'
import { incomingParams, newSid, twilioPost } from '../scripts/calls/twilioStandIn.ts'
import { twilioSignature } from '../web/lib/calls/webhooks/signature.ts'

const CALLS = Number(process.env.CALLS || 50)
const ROUNDS = Number(process.env.ROUNDS || 5)
const TOKEN = 'bench-twilio-token'
const SITE = 'https://leads.example.com'
const folder = mkdtempSync(path.join(tmpdir(), 'bench-routing-'))

// 50 providers, each with 500 ZIP codes of the postal table (every provider also takes its state).
const postal = [...bundledPostalTable().byCode.entries()]
const providers: ProviderFields[] = Array.from({ length: 50 }, (_, index) => {
  const zips = postal.slice(index * 500, index * 500 + 500)
  return { _id: `bench-${index}`, name: `Provider ${index}`, phone: `+1214555${String(2000 + index)}`, active: true, zips: zips.map(([, row]) => row.zip), states: [zips[0]![1].state], maxConcurrent: 1000, dailyCap: 100_000, payout: 40 }
})
const pool = Array.from({ length: CALLS }, (_, index) => `+1312555${String(3000 + index)}`)
const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool, routing: true, maxProviders: 3 }, { providers: parseProviders(providers, 60) })
const visitState = (index: number) => postal[(index * 487) % 25_000]![1].state
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function measure(label: string, open: () => Promise<Kysely<Database>>) {
  const deps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder: voiceRecorder(open), routing: storeRouting(open) }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const signature = request.headers['x-twilio-signature']
      const answer = await handleIncoming({ pathAndQuery: request.url ?? '/', signature: typeof signature === 'string' ? signature : null, body: Buffer.concat(chunks).toString('utf8') }, deps)
      response.writeHead(answer.status, { 'content-type': answer.contentType })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const times: number[] = []
  let routed = 0
  for (let round = -1; round < ROUNDS; round++) {
    // Twilio's FromState too: with the store hanging, the caller's state still finds a provider.
    const answers = await Promise.all(pool.map((to, index) => twilioPost(url, SITE, TOKEN, '/api/voice/incoming', [...incomingParams({ to, from: `+1415555${String(1000 + index).slice(-4)}`, callSid: newSid('CA'), accountSid: newSid('AC') }), ['FromState', visitState(index)]])))
    if (round < 0) continue
    for (const answer of answers) {
      times.push(answer.ms)
      if (/<Number url=/.test(answer.body)) routed++
    }
  }
  server.close()
  times.sort((a, b) => a - b)
  console.log(`${label}: ${times.length} calls, ${routed} to a provider; TwiML p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`)
}

/** One call on a store file nobody has opened yet: `warm` opens and migrates it first, as the server does before listening. */
async function coldStart(label: string, warm: boolean) {
  const file = path.join(folder, `cold-${warm ? 'warm' : 'raw'}.sqlite`)
  let opened: Promise<Kysely<Database>> | undefined
  const open = () => (opened ??= openVoiceDb(file))
  if (warm) await open()
  const deps = { authToken: TOKEN, siteUrl: SITE, callerSecret: 'k', settings: async () => settings, recorder: voiceRecorder(open), routing: storeRouting(open) }
  const to = pool[0]!
  const params = [...incomingParams({ to, from: '+14155550999', callSid: newSid('CA'), accountSid: newSid('AC') }), ['FromState', providers[0]!.states![0]!]] as [string, string][]
  const started = performance.now()
  const answer = await handleIncoming({ pathAndQuery: '/api/voice/incoming', signature: twilioSignature(TOKEN, `${SITE}/api/voice/incoming`, params), body: new URLSearchParams(params).toString() }, deps)
  const ms = performance.now() - started
  await deps.recorder.idle()
  const takes = await (await open()).selectFrom('voice_provider_takes').select('late').execute()
  const counted = takes.length === 0 ? 'not counted' : takes[0]!.late ? 'counted late' : 'counted before the provider rang'
  console.log(`${label}: TwiML in ${ms.toFixed(1)} ms, ${/<Number url=/.test(answer.body) ? 'to a provider' : 'no provider'}, ${counted}`)
  await (await open()).destroy()
}

await coldStart('first call after a cold start, store opened by the call', false)
await coldStart('first call after a cold start, store opened before listening', true)
const db = await openVoiceDb(path.join(folder, 'calls.sqlite'))
const now = Date.now()
for (const [index, number] of pool.entries()) {
  // Each pool number leased to an ad visit from a ZIP code one of the providers serves.
  const [code] = postal[(index * 487) % 25_000]!
  await leaseNumber(db, [number], { page: '/ants', keyword: 'ant control', location: '', experiment: '', version: '', campaign: 'bench', clickKind: '', clickId: '', place: code, pest: '' }, now - 60_000, 0)
}
console.log(`${settings.providers.length} providers of ${providers[0]!.zips!.length} ZIP codes each; ${CALLS} calls at once, ${ROUNDS} rounds`)
await measure('store answering (SQLite)', async () => db)
const hanging = new Promise<Kysely<Database>>(() => {})
const errors = console.error
console.error = () => {}
await measure('store hanging', () => hanging)
console.error = errors
await db.destroy()
rmSync(folder, { recursive: true, force: true })
process.exit(0)
