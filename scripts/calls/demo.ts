// Starts the production site (npm start: web/server/main.ts) on the call-tracking demo dataset
// (studio/dataset/call-tracking-demo.ndjson: call tracking on, a fictional pool), with the demo's Twilio
// token unless TWILIO_AUTH_TOKEN is set, and its own call store (.data/voice-demo.sqlite). Build first.
// Missed-call texts go to a loopback stand-in of Twilio's Messages API (scripts/calls/messagesStandIn.ts), which
// prints each text it takes, unless TWILIO_ACCOUNT_SID is set.
// Then: open http://localhost:3000/ants?gclid=demo-click&loc_physical_ms=1026339, and
// `npm run calls:simulate -- --to <the number shown> --talk 95` (docs/calls.md has a routed, a failed-over and a missed call).
// Usage: npm run build && npm run calls:demo
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { readConfig } from '../../web/lib/config.ts'
import { DEMO_TWILIO_TOKEN } from './demoContent.ts'
import { startMessagesStandIn } from './messagesStandIn.ts'

const root = path.resolve(import.meta.dirname, '../..')
const config = readConfig(process.env)
if (!existsSync(path.join(root, 'web', config.distDir, 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}
const DEMO_ACCOUNT_SID = 'AC' + 'de0'.repeat(10) + 'de'
const token = config.twilioAuthToken || DEMO_TWILIO_TOKEN
const messages = config.twilio ? null : await startMessagesStandIn(DEMO_ACCOUNT_SID, token)
if (messages) {
  const printed = { count: 0 }
  setInterval(() => {
    for (const text of messages.sent.slice(printed.count)) console.log(`[demo] text to ${text.to} from ${text.from}: ${text.body}`)
    printed.count = messages.sent.length
  }, 500).unref()
}
const env = {
  ...process.env,
  ...(messages ? { TWILIO_ACCOUNT_SID: DEMO_ACCOUNT_SID, TWILIO_API_BASE: messages.url } : {}),
  CONTENT_DATASET_FILE: path.join(root, 'studio/dataset/call-tracking-demo.ndjson'),
  TWILIO_AUTH_TOKEN: token,
  CALL_LOG_FILE: config.callLogFile || path.join(root, '.data/calls-demo.sqlite'),
}
const child = spawn(process.execPath, [path.join(root, 'web/server/main.ts'), ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
