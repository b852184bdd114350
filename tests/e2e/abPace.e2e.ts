import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv'
import { verifiedEnrollment } from '../../web/lib/personalization/enrollment'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startSite, TEST_SITE_SECRET, type NextServer } from './nextServer'

/**
 * An A/B test at a real site's pace, on `npm start` (the front and Next) and on plain `next start` (the
 * request hook alone), both on the production build with content from the local Content Lake: a page runs
 * a 50/50 test; a crawler and visitors come with 30–60 s of quiet between them (long enough for every
 * short-lived copy and list to lapse), and a first visit after the quiet still gets a version and its
 * signed cookie. Then 200 first visits: at least 190 carry a signed cookie, split within ±10 points. Then
 * the test is ended in the Studio (the lake, then Sanity's signed webhook): the next first visit gets the
 * page with no cookie. Both hosts' scenarios run at once. And odd requests on plain `next start` (no front):
 * clean answers with the security headers, never the site's internal header.
 */
const LAKE_PORT = 4393
const SECRET = 'pace-webhook-secret'
const HOSTS = [
  { name: 'npm start', server: 'site' as const, port: 3193 },
  { name: 'next start', server: 'next' as const, port: 3194 },
]
const TEST_NAME = 'pace-headline'
const PAGE = '/pace-ab'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let lake: LocalLake
const sites = new Map<string, NextServer>()

beforeAll(async () => {
  const documents = bundledDocuments().map((doc) => structuredClone(doc))
  const v2 = documents.find((doc) => doc._id === 'page-v2')!
  documents.push({
    ...structuredClone(v2),
    _id: 'page-pace-ab',
    slug: { _type: 'slug', current: 'pace-ab' },
    adInputs: [],
    experiment: { name: { _type: 'slug', current: TEST_NAME }, arms: [{ _key: 'a', key: 'a', weight: 50 }, { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday' }] },
  })
  lake = await startLocalLake({ documents, port: LAKE_PORT })
  const env = siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' })
  await Promise.all(HOSTS.map(async (host) => sites.set(host.name, await startSite(host.port, env, host.server))))
}, 120_000)

afterAll(async () => {
  await Promise.all([...sites.values()].map((site) => site.stop()))
  await lake?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One request as a browser (or a crawler) makes it; the version cookie it was given, checked against the site's secret. */
async function visit(base: string, path: string, userAgent = PHONE_UA) {
  const response = await fetch(`${base}${path}`, { headers: { 'user-agent': userAgent } })
  await response.arrayBuffer()
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
  const [name, value] = cookie.split('=') as [string, string | undefined]
  const enrollment = name === `lpe_ab_${TEST_NAME}` ? verifiedEnrollment(TEST_NAME, value, TEST_SITE_SECRET) : undefined
  return { status: response.status, cookie, enrollment, cache: response.headers.get('x-page-cache') }
}

describe('an A/B test at a real site’s pace', () => {
  it('keeps enrolling after long quiet spells, splits 200 first visits with signed cookies, and stops at once when ended in the Studio', async () => {
    const results = await Promise.all(
      HOSTS.map(async (host) => {
        const base = sites.get(host.name)!.url
        // The lake's test page reaches both layers' lists (read at start; the request hook's within its refresh).
        for (let tries = 0; !(await visit(base, PAGE)).enrollment; tries++) {
          if (tries > 120) throw new Error(`${host.name}: the test never started`)
          await sleep(500)
        }
        // A crawler, twice: the control, no cookie.
        for (let i = 0; i < 2; i++) expect((await visit(base, PAGE, CRAWLER_UA)).cookie).toBe('')
        await sleep(32_000)
        const early = [await visit(base, `${PAGE}?gclid=early1`), await visit(base, `${PAGE}?gclid=early2`)]
        await sleep(40_000)
        expect((await visit(base, PAGE, CRAWLER_UA)).cookie).toBe('')
        await sleep(33_000)
        // The repro's moment: the copies and lists of every layer have lapsed, a crawler was answered meanwhile.
        const late = [await visit(base, `${PAGE}?gclid=late1`), await visit(base, `${PAGE}?gclid=late2`)]

        const burst: Awaited<ReturnType<typeof visit>>[] = []
        for (let start = 0; start < 200; start += 20) burst.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => visit(base, `${PAGE}?gclid=burst${start + i}`)))))
        return { host, early, late, burst }
      }),
    )
    for (const { host, early, late, burst } of results) {
      for (const first of [...early, ...late]) expect(first.enrollment, `${host.name}: a first visit after quiet`).toBeDefined()
      const signed = burst.filter((answer) => answer.enrollment)
      const a = signed.filter((answer) => answer.enrollment!.arm === 'a').length
      const hits = burst.filter((answer) => answer.cache === 'hit').length
      console.log(`${host.name}: 200 first visits → ${signed.length} signed cookies, a ${a} / b ${signed.length - a}${host.server === 'site' ? `, ${hits} from the page cache` : ''}`)
      expect(signed.length).toBeGreaterThanOrEqual(190)
      expect(Math.abs(a / signed.length - 0.5)).toBeLessThanOrEqual(0.1)
    }

    // Ended in the Studio: the stop is published, Sanity's signed webhook reaches each host.
    const doc = lake.documents.get('page-pace-ab')!
    ;(doc.experiment as Record<string, unknown>).stop = new Date(Date.now() - 60_000).toISOString()
    const body = JSON.stringify({ _type: 'page', _id: 'page-pace-ab', slug: 'pace-ab' })
    for (const host of HOSTS) {
      const base = sites.get(host.name)!.url
      const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
      const webhook = await fetch(`${base}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature }, body })
      expect(webhook.status).toBe(200)
      const next = await visit(base, `${PAGE}?gclid=after-end`)
      expect(next.status).toBe(200)
      expect(next.cookie, `${host.name}: a first visit after the test ended`).toBe('')
    }
  }, 240_000)
})

/** A raw request on its own connection; the answer's status and headers (read until the head is whole, or the server closes). */
function raw(port: number, head: string, { body = '', waitMs = 3_000 }: { body?: string; waitMs?: number } = {}): Promise<{ status: number; headers: Map<string, string>; head: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(head + body))
    let text = ''
    const done = () => {
      socket.destroy()
      const [statusLine = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n')
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, head: text.split('\r\n\r\n')[0]! })
    }
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
      if (text.includes('\r\n\r\n')) done()
    })
    socket.on('end', done)
    socket.on('error', done)
    setTimeout(done, waitMs)
  })
}

describe('odd requests on plain next start', () => {
  /**
   * What Next's own router would answer before the request hook (TRACE and CONNECT, `OPTIONS *`, an
   * absolute-form target) is answered by the guard the instrumentation hook installs (web/server/nextStartGuard.ts).
   */
  it('answers each without a 5xx, with the security headers and no off-site Location, never with an internal or routing header', async () => {
    const port = HOSTS.find((host) => host.server === 'next')!.port
    const cases: { name: string; head: string; body?: string; status: number; location?: string }[] = [
      { name: 'TRACE /', head: 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 405 },
      { name: 'TRACK /', head: 'TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 400 },
      { name: 'CONNECT evil.example:443', head: 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n', status: 405 },
      { name: 'PUT /ants', head: 'PUT /ants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', status: 405 },
      { name: 'DELETE /', head: 'DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 405 },
      { name: 'POST /ants (no server action)', head: 'POST /ants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', status: 405 },
      { name: 'GET http://evil.example/about-us/', head: 'GET http://evil.example/about-us/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 308, location: '/about-us' },
      { name: 'GET //evil.example/ants', head: 'GET //evil.example/ants HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 308, location: '/evil.example/ants' },
      { name: 'GET /about-us/?kw=x', head: 'GET /about-us/?kw=x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 308, location: '/about-us?kw=x' },
      { name: 'OPTIONS *', head: 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 400 },
      // 10 MB announced, 10 bytes sent: refused by its Content-Length, before the body (which never comes) is read.
      { name: 'POST /api/calls, Content-Length 10 MB', head: 'POST /api/calls HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n', body: '{"page":"/', status: 413 },
      { name: `GET ${PAGE} (a running test)`, head: `GET ${PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, status: 200 },
      { name: 'GET /?kw=ants (ad inputs)', head: 'GET /?kw=ants HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', status: 200 },
    ]
    const table: string[] = ['| request | status | Location | X-Content-Type-Options | x-middleware-rewrite / x-matched-path |', '| --- | --- | --- | --- | --- |']
    const answers = []
    for (const { head, body } of cases) answers.push(await raw(port, head, { body }))
    for (const [index, { name }] of cases.entries()) {
      const answer = answers[index]!
      table.push(`| ${name} | ${answer.status} | ${answer.headers.get('location') ?? '–'} | ${answer.headers.get('x-content-type-options') ?? '–'} | ${answer.headers.has('x-middleware-rewrite') || answer.headers.has('x-matched-path') ? 'sent' : '–'} |`)
    }
    console.log(table.join('\n'))
    for (const [index, { name, status, location }] of cases.entries()) {
      const answer = answers[index]!
      expect(answer.headers.has('x-personalized-inputs'), name).toBe(false)
      expect(answer.headers.has('x-middleware-rewrite') || answer.headers.has('x-matched-path'), name).toBe(false)
      expect(answer.status, name).toBe(status)
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff')
      expect(answer.headers.get('location') ?? '', name).not.toMatch(/^(?:https?:)?\/\//)
      if (location) expect(answer.headers.get('location'), name).toBe(location)
    }
  }, 60_000)
})
