import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSite, type NextServer } from './nextServer'
import { sharedSiteUrl } from './sharedSite'

/**
 * The production server's public edge, as a reverse proxy and a careless or hostile client meet it:
 * forwarding headers in any combination, odd methods, malformed requests, and what every kind of
 * answer carries. Then /healthz and a graceful stop on their own server.
 */
const baseUrl = sharedSiteUrl()
const port = Number(new URL(baseUrl).port)
/** NEXT_PUBLIC_SITE_URL's default: the one origin the pages may print. */
const SITE_URL = 'http://localhost:3000'

const FORWARDING: [string, Record<string, string>][] = [
  ['none', {}],
  ['X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }],
  ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example' }],
  ['X-Forwarded-Port', { 'x-forwarded-port': '8443' }],
  ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https;host=evil.example' }],
  ['all', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example:444', 'x-forwarded-port': '444', forwarded: 'proto=https;host="evil.example:444"', 'x-forwarded-for': '203.0.113.9' }],
]
/** A fresh keyword per request, so each one reaches Next (and its rewrite) instead of the page cache. */
let fresh = 0
const TARGETS: [string, () => string, number][] = [
  ['/', () => '/', 200],
  ['a variant of /', () => `/?kw=spider+control+${++fresh}&loc_physical_ms=1026339`, 200],
  ['/v2 with a headline', () => `/v2?headline1=need+help+${++fresh}&q=y`, 200],
  ['a 404', () => `/no-such-page-${++fresh}`, 404],
  ['a 404 with an extension', () => `/x-${++fresh}.html`, 404],
]

/** One raw HTTP/1.1 exchange: for what fetch will not send (a Host of our choosing, TRACE, bad syntax). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
  })
}

function headerBlock(answer: string): string {
  return answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase()
}

describe('behind any reverse proxy', () => {
  const matrix: string[] = []
  afterAll(() => console.log(`[edge] proxy-header matrix (header → status):\n${matrix.join('\n')}`))

  it.each(TARGETS)('%s answers the same whatever the forwarding headers say, and names no internal address', async (name, target, status) => {
    const row: string[] = []
    for (const [label, headers] of FORWARDING) {
      const response = await fetch(baseUrl + target(), { headers, redirect: 'manual' })
      const body = await response.text()
      row.push(`${label}=${response.status}`)
      expect(response.status, label).toBe(status)
      const headerText = [...response.headers].map(([key, value]) => `${key}: ${value}`).join('\n')
      // The site's own public address (NEXT_PUBLIC_SITE_URL, here the default) may appear; no other.
      const printed = (headerText + body).replaceAll(SITE_URL, '')
      expect(printed.match(/(?:localhost|127\.0\.0\.1|\[::1\]):\d+/)?.[0], label).toBeUndefined()
      expect(headerText, label).not.toContain('/personalized/')
      expect(printed.includes('evil.example'), label).toBe(false)
    }
    matrix.push(`${name.padEnd(26)} ${row.join('  ')}`)
  })

  it('a Host header a client wrote changes neither the answer nor the canonical URL', async () => {
    const answer = await raw('GET /?kw=ant+control HTTP/1.1\r\nHost: evil.example:9999\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).not.toContain('evil.example')
    expect(answer).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/?"/)
  })
})

describe('methods', () => {
  const table: string[] = []
  afterAll(() => console.log(`[edge] method → status on /ants:\n${table.join('\n')}`))

  it.each(['GET', 'HEAD'])('%s /ants → 200', async (method) => {
    const response = await fetch(`${baseUrl}/ants`, { method })
    table.push(`${method} ${response.status}`)
    expect(response.status).toBe(200)
  })

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])('%s /ants → 405 with Allow, no page, no stack trace', async (method) => {
    const answer = await raw(`${method} /ants HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`)
    table.push(`${method} ${answer.slice(9, 12)}`)
    expect(answer).toMatch(/^HTTP\/1\.1 405 /)
    expect(headerBlock(answer)).toContain('allow: get, head')
    expect(answer).not.toContain('<html')
    expect(answer).not.toMatch(/\bat \S+ \(/)
  })
})

describe('security headers on every kind of answer', () => {
  const kinds: string[] = []
  afterAll(() => console.log(`[edge] response kind → headers:\n${kinds.join('\n')}`))

  const EXPECTED = ['content-security-policy', 'x-content-type-options', 'strict-transport-security', 'referrer-policy']
  async function check(kind: string, answer: string, status: RegExp) {
    const head = headerBlock(answer)
    expect(answer.slice(9, 12), kind).toMatch(status)
    const present = EXPECTED.filter((name) => head.includes(`\n${name}:`))
    kinds.push(`${kind.padEnd(22)} ${answer.slice(9, 12)}  ${present.join(', ')}`)
    expect(present, kind).toEqual(EXPECTED)
    const scriptSrc = /\ncontent-security-policy:[^\n]*?script-src([^;\n]*)/.exec(head)?.[1] ?? ''
    expect(scriptSrc, kind).not.toContain("'unsafe-inline'")
  }
  const get = (path: string, extra = '') => raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`)

  it('page, 404, redirect, asset, API, RSC, 405, 413, 400, 431', async () => {
    await check('page', await get('/ants'), /200/)
    await check('404', await get('/no-such-page'), /404/)
    await check('308 redirect', await get('/ants/'), /308/)
    await check('asset', await get('/icon.svg'), /200/)
    await check('API', await get('/api/revalidate'), /405/)
    await check('RSC (?_rsc)', await get('/ants?_rsc=abc'), /200/)
    await check('RSC (rsc: 1)', await get('/ants', 'RSC: 1\r\n'), /200|307/)
    await check('405', await raw('TRACE /ants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), /405/)
    await check('413', await raw('POST /api/revalidate HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n'), /413/)
    await check('400', await raw('GET /ants HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'), /400/)
    await check('431', await get('/ants', `X-Big: ${'a'.repeat(20_000)}\r\n`), /431/)
  })
})

describe('odd requests: a clean 4xx with the security headers, never a 5xx', () => {
  const EXPECTED = ['content-security-policy', 'x-content-type-options', 'strict-transport-security', 'referrer-policy']
  const table: string[] = []
  afterAll(() => console.log(`[edge] odd request → status:\n${table.join('\n')}`))
  function expectClean(kind: string, answer: string, status: string) {
    table.push(`${kind.padEnd(34)} ${answer.slice(9, 12)}`)
    expect(answer.slice(9, 12), kind).toBe(status)
    const head = headerBlock(answer)
    expect(EXPECTED.filter((name) => head.includes(`\n${name}:`)), kind).toEqual(EXPECTED)
    expect(answer, kind).not.toMatch(/\bat \S+ \(/)
  }

  it('absolute-form targets are reduced to their path: no Location leaves the site', async () => {
    for (const target of ['http://evil.example/studio', 'http://evil.example/ants/', 'https://evil.example/']) {
      const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      table.push(`${`GET ${target}`.padEnd(34)} ${answer.slice(9, 12)}`)
      expect(Number(answer.slice(9, 12)), target).toBeLessThan(500)
      expect(headerBlock(answer), target).not.toContain('evil.example')
    }
  })

  it('target *, a protocol-relative target, no Host on HTTP/1.1, a 15 KB path', async () => {
    expectClean('OPTIONS *', await raw('OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), '400')
    expectClean('GET *', await raw('GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), '400')
    const protocolRelative = await raw('GET //evil.example/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expectClean('GET //evil.example/x', protocolRelative, '308')
    expect(headerBlock(protocolRelative)).toContain('location: /evil.example/x')
    expectClean('HTTP/1.1 without Host', await raw('GET /ants HTTP/1.1\r\nConnection: close\r\n\r\n'), '400')
    expectClean('a 15 KB path', await raw(`GET /${'a'.repeat(15_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), '414')
    // A long query is the page's to read (the keyword is capped); Next's redirect repeating it is no 502.
    expectClean('a 10 KB query on a redirect', await raw(`GET /ants/?kw=${'termite+'.repeat(1_250)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), '308')
  })

  it('a preview cookie that is not a draft session: no server action (405), and the page comes from the cache', async () => {
    expectClean(
      'forged __prerender_bypass + Next-Action',
      await raw('POST /ants HTTP/1.1\r\nHost: x\r\nNext-Action: 0123abcd\r\nCookie: __prerender_bypass=forged\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]'),
      '405',
    )
    await (await fetch(`${baseUrl}/ants`)).text()
    const page = await fetch(`${baseUrl}/ants`, { headers: { cookie: '__prerender_bypass=forged' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('x-page-cache')).toBe('hit')
    await page.text()
  })
})

describe('operations', () => {
  let own: NextServer
  beforeAll(async () => {
    own = await startSite(port + 33)
  }, 120_000)
  afterAll(() => own?.stop())

  it('GET /healthz answers 200 with the parts it checked, no secrets', async () => {
    const response = await fetch(`${own.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', next: 'ok' })
  })

  it('GET /livez (liveness) answers 200; /readyz is the readiness check, as /healthz', async () => {
    const live = await fetch(`${own.url}/livez`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${own.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', next: 'ok' })
  })

  it('SIGTERM: an in-flight request still finishes, new connections are refused, the process ends', async () => {
    // A fresh variant: rendered on demand, so it is in flight when the signal arrives.
    const inFlight = fetch(`${own.url}/?kw=graceful+stop+test&loc_physical_ms=1016367`)
    await new Promise((resolve) => setTimeout(resolve, 30))
    const stopped = own.stop()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Graceful Stop Test')
    await stopped
    await expect(fetch(`${own.url}/ants`)).rejects.toThrow()
  })
})
