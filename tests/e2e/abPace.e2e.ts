import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { burstFigures, endTest, PAGE, paceScenario, startPaceSites, visit, type PaceSites } from '../support/abPace'

/**
 * An A/B test at a site's pace (tests/support/abPace.ts), on `npm start` (the front and Next) and on plain
 * `next start` (the request hook alone): a page runs a 50/50 test; a crawler and visitors come with quiet
 * spells between them, each longer than every short-lived copy and list of the site (the front's page
 * copies, 5 s; the lists of which pages run a test, read again every CONTENT_REFRESH_SECONDS, set short
 * here), and a first visit after the quiet still gets a version and its signed cookie: no state the site
 * learned may lapse. Then 200 first visits: at least 190 carry a signed cookie, split within ±10 points.
 * Then the test is ended in the Studio (the lake, then Sanity's signed webhook): the next first visit gets
 * the page with no cookie. Both hosts' scenarios run at once. `npm run bench:ab-pace` runs the same at the
 * real pace (the 30 s default, 32–40 s of quiet). And odd requests on plain `next start` (no front): clean
 * answers with the security headers, never the site's internal header.
 */
const LAKE_PORT = 4090
const HOSTS = [
  { name: 'npm start', server: 'site' as const, port: 4091 },
  { name: 'next start', server: 'next' as const, port: 4092 },
]
const REFRESH_SECONDS = 2
/** Each longer than the page copies' 5 s and several content re-reads. */
const QUIET_MS = [6_500, 8_000, 7_000] as const

let pace: PaceSites

beforeAll(async () => {
  pace = await startPaceSites(LAKE_PORT, HOSTS, { CONTENT_REFRESH_SECONDS: String(REFRESH_SECONDS) })
}, 120_000)

afterAll(async () => {
  await pace?.close()
})

describe('an A/B test at a real site’s pace', () => {
  it('keeps enrolling after long quiet spells, splits 200 first visits with signed cookies, and stops at once when ended in the Studio', async () => {
    const results = await Promise.all(HOSTS.map(async (host) => ({ host, ...(await paceScenario(pace.sites.get(host.name)!.url, QUIET_MS)) })))
    for (const { host, crawlerCookies, early, late, burst } of results) {
      // A crawler: the control, no cookie.
      for (const cookie of crawlerCookies) expect(cookie, `${host.name}: a crawler`).toBe('')
      for (const first of [...early, ...late]) expect(first.enrollment, `${host.name}: a first visit after quiet`).toBeDefined()
      const { signed, a, hits } = burstFigures(burst)
      console.log(`${host.name}: 200 first visits → ${signed} signed cookies, a ${a} / b ${signed - a}${host.server === 'site' ? `, ${hits} from the page cache` : ''}`)
      expect(signed).toBeGreaterThanOrEqual(190)
      expect(Math.abs(a / signed - 0.5)).toBeLessThanOrEqual(0.1)
    }

    // Ended in the Studio: the stop is published, Sanity's signed webhook reaches each host.
    for (const host of HOSTS) {
      const base = pace.sites.get(host.name)!.url
      const webhook = await endTest(pace.lake, base)
      expect(webhook.status).toBe(200)
      const next = await visit(base, `${PAGE}?gclid=after-end`)
      expect(next.status).toBe(200)
      expect(next.cookie, `${host.name}: a first visit after the test ended`).toBe('')
    }
  }, 120_000)
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
