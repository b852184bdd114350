// How fast a caller hears the site's TwiML: 50 calls at once ("A call comes in", Twilio's signed request from
// the stand-in calls:simulate uses) against `npm start` on the call-tracking demo dataset, ROUNDS times, with
// the call store answering (SQLite) and with a store that never answers (DATABASE_URL pointing at a port that
// accepts and stays silent). Prints TwiML p50/p99/max in ms. Target: p99 ≤ 100 ms.
// Usage: npm run build && npm run bench:voice     (CALLS=50, ROUNDS=5)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startSite } from '../tests/e2e/nextServer.ts'
import { readConfig } from '../web/lib/config.ts'
import { incomingParams, newSid, twilioPost } from '../scripts/calls/twilioStandIn.ts'
import { unroutedDemoNdjson } from '../scripts/calls/demoContent.ts'

const CALLS = Number(process.env.CALLS || 50)
const ROUNDS = Number(process.env.ROUNDS || 5)
const TOKEN = 'bench-twilio-token'
const ROOT = path.resolve(import.meta.dirname, '..')
const POOL = ['+13125550161', '+13125550162', '+13125550163', '+13125550164']
const publicUrl = readConfig(process.env).siteUrl.toString()
const folder = mkdtempSync(path.join(tmpdir(), 'bench-voice-'))
// Forwarding to the business line, as before routing to providers (bench/routing.ts measures routing).
const DEMO = path.join(folder, 'call-tracking-demo-unrouted.ndjson')
writeFileSync(DEMO, unroutedDemoNdjson(readFileSync(path.join(ROOT, 'studio/dataset/call-tracking-demo.ndjson'), 'utf8')))

const silent = net.createServer(() => {})
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
const silentPort = (silent.address() as net.AddressInfo).port

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function measure(label: string, port: number, env: Record<string, string>) {
  const site = await startSite(port, { CONTENT_DATASET_FILE: DEMO, TWILIO_AUTH_TOKEN: TOKEN, CALL_LOG_FILE: path.join(folder, `${port}.sqlite`), ...env })
  try {
    // One call first (the settings are read once, then kept in memory), then one unmeasured round to warm the JIT.
    await twilioPost(site.url, publicUrl, TOKEN, '/api/voice/incoming', incomingParams({ to: POOL[0]!, from: '+14155550100', callSid: newSid('CA'), accountSid: newSid('AC') }))
    const times: number[] = []
    let forwarded = 0
    for (let round = -1; round < ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: CALLS }, (_, index) =>
          twilioPost(site.url, publicUrl, TOKEN, '/api/voice/incoming', incomingParams({ to: POOL[index % POOL.length]!, from: `+1415555${String(1000 + index).slice(-4)}`, callSid: newSid('CA'), accountSid: newSid('AC') })),
        ),
      )
      if (round < 0) continue
      for (const answer of answers) {
        times.push(answer.ms)
        if (answer.status === 200 && answer.body.includes('<Dial')) forwarded++
      }
    }
    times.sort((a, b) => a - b)
    console.log(`${label}: ${CALLS} simultaneous calls × ${ROUNDS}: TwiML p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; forwarded ${forwarded}/${times.length}`)
  } finally {
    await site.stop()
  }
}

await measure('store answering (SQLite)', 3371, { CALL_LOG_FILE: path.join(folder, 'calls.sqlite') })
await measure('store hanging (silent DATABASE_URL)', 3372, { DATABASE_URL: `postgres://app@127.0.0.1:${silentPort}/postgres` })
silent.close()
rmSync(folder, { recursive: true, force: true })
