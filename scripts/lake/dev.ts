// `npm run dev`. With a Sanity project configured (.env), plain `next dev web`. Without one, first
// the local Content Lake (scripts/lake) on studio/dataset, then `next dev web` pointed at it: the
// Studio at /studio edits the lake, the site reads it, and a publish sends the signed webhook to
// /api/revalidate as the real Content Lake would.
import nextEnv from '@next/env'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { readConfig } from '../../web/lib/config.ts'
import { startLocalLake } from './server.ts'
import { siteEnvOnLake } from './siteEnv.ts'

const root = path.resolve(import.meta.dirname, '../..')
nextEnv.loadEnvConfig(root, true, console, true)
const args = process.argv.slice(2)
const next = path.join(root, 'node_modules/next/dist/bin/next')
const config = readConfig(process.env)
const env: NodeJS.ProcessEnv = { ...process.env }
// A/B enrollment cookies are signed (web/lib/personalization/enrollment.ts): a secret for this session unless .env has one.
if (!config.siteSecret) env.SITE_SECRET = randomBytes(32).toString('base64url')

if (!config.sanity) {
  const lakePort = Number(config.lakePort)
  const sitePort = Number(args[args.indexOf('-p') + 1] || args[args.indexOf('--port') + 1] || config.port || 3000)
  const secret = config.revalidateSecret || randomBytes(16).toString('hex')
  const lake = await startLocalLake({
    verbose: config.lakeVerbose,
    dataDir: path.resolve(root, config.lakeDataDir),
    port: lakePort,
    tlsPort: lakePort + 1,
    // mkcert's trusted certificate when mkcert is installed: the Studio opens with no certificate warning.
    certificate: { trust: 'auto' },
    webhook: { url: `http://127.0.0.1:${sitePort}/api/revalidate`, secret },
    log: (line) => console.log(`[lake] ${line}`),
  })
  console.log(`[lake] local Content Lake on ${lake.url} and ${lake.tlsUrl}: the Studio at http://localhost:${sitePort}/studio edits studio/dataset`)
  if (lake.tlsTrusted) console.log('[lake] its HTTPS certificate is signed by mkcert\'s local authority, which this machine\'s browsers trust')
  else console.log(`[lake] first time in this browser? Open https://offline0.localhost:${lakePort + 1}/v1/ping and accept its self-signed certificate (or install mkcert and restart: no warning, no step).`)
  Object.assign(env, siteEnvOnLake({ port: lakePort, tlsPort: lakePort + 1, webhookSecret: secret, readToken: 'local-lake' }))
}

const child = spawn(process.execPath, [next, 'dev', 'web', ...args], { cwd: root, env, stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
