import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { mkdtempSync, rmSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { copyBuild, httpsRequest, redisCli, startNginx, startRedis, type Answer, type Nginx, type Process } from '../support/cluster'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv'
import { startSite, type NextServer } from './nextServer'
import { openStore } from '../../web/lib/db'
import { migrateToLatest } from '../../web/lib/db/migrate'
import { startPostgres, type Postgres } from '../support/postgres'

/**
 * The reference topology (README, Deploying): nginx terminating TLS (deploy/nginx.conf, a
 * certificate made by openssl) in front of two instances of `npm start` that share one
 * redis-server and one PostgreSQL (the numbers' store of record, tests/e2e/store.e2e.ts), content
 * from the local Content Lake (scripts/lake). Each instance has its own copy of the production build,
 * so nothing is shared through the disk: only through Redis and PostgreSQL.
 */
const LAKE_PORT = 4337
const REDIS_PORT = 6391
const NGINX_PORT = 3443
const PORTS = [3141, 3142] as const
const SECRET = 'cluster-webhook-secret'
const DIST = ['.next-cluster', '.next-cluster-b'] as const
const lakeEnv = siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' })
const PG_PORT = 5443
let databaseUrl = ''
const outboxes = mkdtempSync(join(tmpdir(), 'cluster-outbox-'))
const instanceEnv = (index: 0 | 1) => ({ ...lakeEnv, NEXT_DIST_DIR: DIST[index], REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, DATABASE_URL: databaseUrl, OUTBOX_FILE: join(outboxes, `outbox-${index}.sqlite`), TRUSTED_PROXIES: '127.0.0.1' })

let lake: LocalLake
let redis: Process
let postgres: Postgres
let nginx: Nginx
const sites: NextServer[] = []
let agent: https.Agent

beforeAll(async () => {
  lake = await startLocalLake({ documents: bundledDocuments(), port: LAKE_PORT })
  for (const dist of DIST) copyBuild(process.env.NEXT_DIST_DIR || '.next', dist)
  redis = await startRedis(REDIS_PORT)
  postgres = await startPostgres(PG_PORT)
  databaseUrl = await postgres.database('cluster')
  const store = await openStore({ postgres: databaseUrl })
  await migrateToLatest(store.db)
  await store.close()
  sites.push(await startSite(PORTS[0], instanceEnv(0)), await startSite(PORTS[1], instanceEnv(1)))
  nginx = await startNginx(NGINX_PORT, [...PORTS])
  agent = new https.Agent({ keepAlive: true, ca: nginx.ca })
}, 600_000)

afterAll(async () => {
  agent?.destroy()
  await nginx?.stop()
  await Promise.all(sites.map((site) => site.stop()))
  await redis?.stop()
  postgres?.destroy()
  rmSync(outboxes, { recursive: true, force: true })
  await lake?.close()
})

const viaNginx = (path: string, init: Parameters<typeof httpsRequest>[2] = {}): Promise<Answer> => httpsRequest(nginx.url + path, nginx.ca, { agent, ...init })
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]
let fresh = 0
// Letters, not digits: a run of 7+ digits in a keyword is dropped as a phone number (keyword.ts).
const freshKeyword = () => `cluster+check+${[...`${Date.now()}${++fresh}`].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`not seen within ${timeoutMs} ms`)
}

async function sendWebhook(document: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(document)
  const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
  const answer = await viaNginx('/api/revalidate', { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature }, body })
  return answer.status
}

describe('through nginx over HTTPS', () => {
  it('answers personalized pages and 404s (X-Forwarded-Proto https reaches the instances)', async () => {
    const home = await viaNginx('/?kw=wasp+removal&loc_physical_ms=1026339&gclid=abc')
    expect(home.status).toBe(200)
    expect(h1(home.body)).toBe('Wasp Removal')
    expect(/<p[^>]*data-testid="location-line"[^>]*>([^<]*)</.exec(home.body)?.[1]).toContain('Dallas')
    const v2 = await viaNginx('/v2?headline1=same+day+termite+help&q=y')
    expect(v2.status).toBe(200)
    expect(v2.body.toLowerCase().includes('same day termite help')).toBe(true)
    for (const path of ['/no-such-page', '/x-1.html', '/ants/deeper']) {
      const missing = await viaNginx(path)
      expect(missing.status, path).toBe(404)
    }
    expect((await viaNginx('/ants')).status).toBe(200)
  })
})

describe('one cache for every instance', () => {
  it('serves a variant rendered by one instance from the cache on the other', async () => {
    const path = `/?kw=${freshKeyword()}&loc_physical_ms=1026339`
    const first = await fetch(sites[0]!.url + path)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-nextjs-cache')).toBe('MISS')
    const other = await fetch(sites[1]!.url + path)
    expect(other.status).toBe(200)
    expect(other.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(h1(await other.text())).toBe(h1(await first.text()))
  })

  it('a page prerendered by the build is served by both instances from their build folders', async () => {
    for (const site of sites) {
      const answer = await fetch(`${site.url}/roaches`)
      expect(answer.status).toBe(200)
      expect(h1(await answer.text())).toBe('Cockroach Exterminator')
    }
  })

  it('keeps 404s and unknown files out of the cache', async () => {
    await viaNginx('/x-cluster-404.html')
    await viaNginx('/no-such-cluster-page')
    expect(redisCli(REDIS_PORT, '--scan', '--pattern', '*x-cluster-404*')).toBe('')
  })

  it('makes every instance serve new content within 5 s of one signed webhook through nginx', async () => {
    const times: number[] = []
    for (let publish = 1; publish <= 5; publish++) {
      const title = `Ants Gone, Take ${publish}`
      ;(lake.documents.get('pestPage-ants')!.hero as { title: string }).title = title
      const started = performance.now()
      expect(await sendWebhook({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' })).toBe(200)
      await until(async () => {
        const pages = await Promise.all(sites.map(async (site) => h1(await (await fetch(`${site.url}/ants`)).text())))
        return pages.every((page) => page === title)
      }, 5000)
      times.push(performance.now() - started)
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(`[cluster] publish → new H1 on both instances (5 webhooks through nginx): min ${Math.round(sorted[0]!)} ms, median ${Math.round(sorted[2]!)} ms, max ${Math.round(sorted[4]!)} ms`)
    expect(sorted[4]).toBeLessThan(5000)
  })
})

describe('an instance dies under load', () => {
  it('loses no request at nginx, and the instance rejoins warm', async () => {
    const warmVariant = `/?kw=${freshKeyword()}&loc_physical_ms=1026339`
    expect((await viaNginx(warmVariant)).status).toBe(200)
    const paths = ['/', '/ants', '/roaches', warmVariant, '/v2?headline1=rodent+control&q=y']
    const total = 600
    let sent = 0
    const statuses = new Map<number | string, number>()
    const record = (key: number | string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
    let killed = false
    const worker = async () => {
      while (sent < total) {
        const index = sent++
        if (index === Math.floor(total / 3) && !killed) {
          killed = true
          process.kill(sites[1]!.pid!, 'SIGKILL')
        }
        const path = index % 10 === 0 ? `/?kw=${freshKeyword()}&loc_physical_ms=1026339` : paths[index % paths.length]!
        try {
          record((await viaNginx(path)).status)
        } catch (error) {
          record(error instanceof Error ? error.message : 'error')
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    console.log(`[cluster] ${total} requests through nginx, 8 at a time, one of two instances killed (SIGKILL) after ${total / 3}: ${JSON.stringify(Object.fromEntries(statuses))}`)
    expect(killed).toBe(true)
    expect(Object.fromEntries(statuses)).toEqual({ 200: total })

    await sites[1]!.stop()
    sites[1] = await startSite(PORTS[1], instanceEnv(1))
    const rejoined = await fetch(sites[1]!.url + warmVariant)
    expect(rejoined.status).toBe(200)
    expect(rejoined.headers.get('x-nextjs-cache')).toBe('HIT')
  }, 240_000)
})

describe('Redis goes away', () => {
  it('keeps answering while Redis is down and recovers when it returns', async () => {
    await redis.stop('SIGKILL')
    for (const site of sites) {
      for (const path of ['/', '/ants', `/?kw=${freshKeyword()}&loc_physical_ms=1026339`, '/no-such-page']) {
        const answer = await fetch(site.url + path)
        expect(answer.status, `${site.url}${path}`).toBe(path === '/no-such-page' ? 404 : 200)
      }
      expect((await fetch(`${site.url}/healthz`)).status).toBe(503)
    }
    expect((await viaNginx('/?kw=redis+down&loc_physical_ms=1026339')).status).toBe(200)
    const down = sites.map((site) => site.logs.filter((line) => line.includes('[cache] Redis unavailable')).length)
    expect(down.every((count) => count === 1)).toBe(true)

    redis = await startRedis(REDIS_PORT)
    await until(async () => {
      const health = await Promise.all(sites.map(async (site) => (await fetch(`${site.url}/healthz`)).status))
      return health.every((status) => status === 200)
    }, 15_000)
    const path = `/?kw=${freshKeyword()}&loc_physical_ms=1026339`
    expect((await fetch(sites[0]!.url + path)).headers.get('x-nextjs-cache')).toBe('MISS')
    expect((await fetch(sites[1]!.url + path)).headers.get('x-nextjs-cache')).toBe('HIT')
  }, 60_000)
})
