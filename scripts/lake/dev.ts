// `npm run dev`. With a Sanity project configured (.env), plain `next dev web`. Without one, first
// the local Content Lake (scripts/lake, devLake.ts) on studio/dataset, then `next dev web` pointed at
// it: the Studio at /studio edits the lake, the site reads it, and a publish sends the signed webhook
// to /api/revalidate as the real Content Lake would.
import nextEnv from '@next/env'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { readConfig } from '../../web/lib/config.ts'
import { startDevLake } from './devLake.ts'

const root = path.resolve(import.meta.dirname, '../..')
nextEnv.loadEnvConfig(root, true, console, true)
const args = process.argv.slice(2)
const next = path.join(root, 'node_modules/next/dist/bin/next')
const config = readConfig(process.env)
const env: NodeJS.ProcessEnv = { ...process.env }
// A/B enrollment cookies are signed (web/lib/personalization/enrollment.ts): a secret for this session unless .env has one.
if (!config.siteSecret) env.SITE_SECRET = randomBytes(32).toString('base64url')

if (!config.sanity) {
  const sitePort = Number(args[args.indexOf('-p') + 1] || args[args.indexOf('--port') + 1] || config.port || 3000)
  const { env: lakeEnv } = await startDevLake({ root, config, sitePort, log: (line) => console.log(`[lake] ${line}`) })
  Object.assign(env, lakeEnv)
}

const child = spawn(process.execPath, [next, 'dev', 'web', ...args], { cwd: root, env, stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
