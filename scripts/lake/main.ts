// `node scripts/lake/main.ts [--port 3334] [--data studio/dataset] [--webhook URL]`: the local
// Content Lake on its own (npm run dev starts it for you). The webhook secret comes from
// SANITY_REVALIDATE_SECRET.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readConfig } from '../../web/lib/config.ts'
import { startLocalLake } from './server.ts'

const config = readConfig(process.env)
const { values } = parseArgs({
  options: { port: { type: 'string', default: config.lakePort }, data: { type: 'string', default: 'studio/dataset' }, webhook: { type: 'string' } },
})
const secret = config.revalidateSecret
const lake = await startLocalLake({
  verbose: config.lakeVerbose,
  dataDir: path.resolve(values.data!),
  port: Number(values.port),
  webhook: values.webhook && secret ? { url: values.webhook, secret } : undefined,
  log: (line) => console.log(`[lake] ${line}`),
})
console.log(`[lake] local Content Lake on ${lake.url} (data: ${values.data})`)
