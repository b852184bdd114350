import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../../web/lib/config.ts'
import { startLocalLake, type LocalLake } from './server.ts'
import { siteEnvOnLake } from './siteEnv.ts'

/**
 * What `npm run dev` starts before the site when no Sanity project is configured: the local Content Lake
 * on the dataset folder (studio/dataset, or SANITY_LAKE_DATA) at SANITY_LAKE_PORT (3334), its publish
 * webhook to the site's /api/revalidate, and the environment that points the site and the embedded Studio
 * at it. Plain HTTP, so a browser on a fresh machine opens the Studio at once: no certificate to trust,
 * no tool to install; the Studio's event streams each take a host name of their own so they never fill a
 * browser's six HTTP/1.1 connections to one host (studio/lakeStreams.ts, docs/local-lake.md).
 */
export async function startDevLake({ root, config, sitePort, log }: { root: string; config: Config; sitePort: number; log: (line: string) => void }): Promise<{ lake: LocalLake; env: Record<string, string> }> {
  const port = Number(config.lakePort)
  const secret = config.revalidateSecret || randomBytes(16).toString('hex')
  const lake = await startLocalLake({
    verbose: config.lakeVerbose,
    dataDir: path.resolve(root, config.lakeDataDir),
    port,
    webhook: { url: `http://127.0.0.1:${sitePort}/api/revalidate`, secret },
    log,
  })
  log(`local Content Lake on ${lake.url}: the Studio at http://localhost:${sitePort}/studio edits ${config.lakeDataDir}`)
  return { lake, env: siteEnvOnLake({ port: lake.port, webhookSecret: secret, readToken: 'local-lake' }) }
}
