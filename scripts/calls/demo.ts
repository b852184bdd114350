// Starts the production site (npm start: web/server/main.ts) on the call-tracking demo dataset
// (studio/dataset/call-tracking-demo.ndjson: call tracking on, a fictional pool), with the demo's Twilio
// token unless TWILIO_AUTH_TOKEN is set, and its own call store (.data/voice-demo.sqlite). Build first.
// Then: open http://localhost:3000/ants?gclid=demo-click, and `npm run calls:simulate -- --to <the number shown> --talk 95`.
// Usage: npm run build && npm run calls:demo
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { readConfig } from '../../web/lib/config.ts'
import { DEMO_TWILIO_TOKEN } from './demoContent.ts'

const root = path.resolve(import.meta.dirname, '../..')
const config = readConfig(process.env)
if (!existsSync(path.join(root, 'web', config.distDir, 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}
const env = {
  ...process.env,
  CONTENT_DATASET_FILE: path.join(root, 'studio/dataset/call-tracking-demo.ndjson'),
  TWILIO_AUTH_TOKEN: config.twilioAuthToken || DEMO_TWILIO_TOKEN,
  CALL_LOG_FILE: config.callLogFile || path.join(root, '.data/calls-demo.sqlite'),
}
const child = spawn(process.execPath, [path.join(root, 'web/server/main.ts'), ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
