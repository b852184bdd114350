import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFrontHandler, pageEncoding } from './front'
import { PageCache } from './pageCache'

/** A stand-in for Next behind the front: answers per path, records what reached it. */
interface Reply {
  delayMs?: number
  status?: number
  headers?: OutgoingHttpHeaders
  body?: string
}
const PAGE = '<!DOCTYPE html><html><head><script>self.__next_f=[]</script></head><body><h1>Ants</h1><script type="application/ld+json">{}</script></body></html>'
const POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'"
const cachedPage: Reply = {
  headers: { 'content-type': 'text/html; charset=utf-8', 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=3600', 'content-security-policy': POLICY, 'x-middleware-rewrite': 'http://localhost:4000/x' },
  body: PAGE,
}
const withoutCacheState = Object.fromEntries(Object.entries(cachedPage.headers!).filter(([name]) => name !== 'x-nextjs-cache'))
let replies: Record<string, Reply> = {}
const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = []
const upstream = http.createServer((request, response) => {
  received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
  request.resume()
  const reply = replies[(request.url ?? '').split('?')[0]!] ?? { status: 404, headers: { 'content-type': 'text/plain' }, body: 'none' }
  setTimeout(() => {
    response.writeHead(reply.status ?? 200, reply.headers)
    response.end(reply.body)
  }, reply.delayMs ?? 0)
})
let cache: PageCache
let front: http.Server
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const upstreamPort = (upstream.address() as AddressInfo).port
  front = http.createServer((request, response) => handler(request, response))
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
  cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 })
  handler = createFrontHandler({ upstream: { host: '127.0.0.1', port: upstreamPort }, cache })
})
let handler: ReturnType<typeof createFrontHandler>
afterAll(async () => {
  front.closeAllConnections()
  upstream.closeAllConnections()
  await Promise.all([new Promise((resolve) => front.close(resolve)), new Promise((resolve) => upstream.close(resolve))])
})
beforeEach(() => {
  cache.clear()
  received.length = 0
  replies = { '/ants': cachedPage }
})

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(base + path, { method, headers: { 'accept-encoding': 'identity', ...headers } })
  return { response, body: await response.text() }
}

/** The bytes as sent (fetch would decode them), with the encoding they came in. */
function rawBody(path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) =>
    http
      .get(base + path, { headers: { 'accept-encoding': acceptEncoding } }, (message) => {
        const chunks: Buffer[] = []
        message.on('data', (chunk: Buffer) => chunks.push(chunk))
        message.on('end', () => resolve({ encoding: message.headers['content-encoding'], vary: message.headers.vary, body: Buffer.concat(chunks) }))
      })
      .on('error', reject),
  )
}

describe('the front: pages from the cache', () => {
  it('copies a page Next served from its cache and answers repeats without asking Next', async () => {
    const first = await get('/ants?gclid=1')
    const second = await get('/ants?gclid=2')
    expect(first.response.headers.get('x-page-cache')).toBe('miss')
    expect(second.response.headers.get('x-page-cache')).toBe('hit')
    expect(second.body).toBe(PAGE)
    expect(received).toHaveLength(1)
    // The copy is fetched uncompressed and compressed once by the front.
    expect(received[0]!.headers['accept-encoding']).toBe('identity')
  })

  it("gives every page a policy allowing only its own inline scripts, and hides Next's internal address", async () => {
    for (const attempt of [1, 2]) {
      const { response } = await get('/ants')
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy, `request ${attempt}`).not.toContain("'unsafe-inline'")
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/)
      expect(response.headers.get('x-middleware-rewrite')).toBeNull()
    }
  })

  it('serves gzip to clients that accept it, the same page', async () => {
    const response = await fetch(base + '/ants', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    const raw = await rawBody('/ants', 'gzip')
    expect(gunzipSync(raw.body).toString('utf8')).toBe(PAGE)
  })

  it('serves Brotli to browsers that take it, from the same copy as gzip', async () => {
    const brotli = await rawBody('/ants', 'gzip, deflate, br, zstd')
    expect(brotli.encoding).toBe('br')
    expect(brotli.vary).toContain('Accept-Encoding')
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(PAGE)
    const gzip = await rawBody('/ants', 'gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(PAGE)
    expect(received).toHaveLength(1)
  })

  it("leaves out Next's router and CDN notes, which no browser reads on a page", async () => {
    replies['/ants'] = { ...cachedPage, headers: { ...cachedPage.headers, 'x-nextjs-prerender': '1', 'x-nextjs-stale-time': '300' } }
    for (const attempt of ['miss', 'hit']) {
      const { response } = await get('/ants')
      expect(response.headers.get('x-page-cache')).toBe(attempt)
      expect(response.headers.get('x-nextjs-prerender')).toBeNull()
      expect(response.headers.get('x-nextjs-stale-time')).toBeNull()
      expect(response.headers.get('x-nextjs-cache')).toBe('HIT')
    }
  })

  it('compresses a page it does not keep the way its client asks', async () => {
    replies['/ants'] = { ...cachedPage, status: 404 }
    const brotli = await rawBody('/ants', 'br')
    expect(brotli.encoding).toBe('br')
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(PAGE)
    const plain = await rawBody('/ants', 'identity')
    expect(plain.encoding).toBeUndefined()
    expect(plain.body.toString('utf8')).toBe(PAGE)
  })

  it.each([
    ['stale (a publish happened)', { ...cachedPage, headers: { ...cachedPage.headers, 'x-nextjs-cache': 'STALE' } }],
    ['rendered per request', { ...cachedPage, headers: { ...withoutCacheState, 'cache-control': 'private, no-store' } }],
    ['not found', { ...cachedPage, status: 404 }],
    ['setting a cookie', { ...cachedPage, headers: { ...cachedPage.headers, 'set-cookie': 'a=b' } }],
  ])('never copies a page that is %s', async (_, reply) => {
    replies['/ants'] = reply
    await get('/ants')
    const again = await get('/ants')
    expect(again.response.headers.get('x-page-cache')).toBe('miss')
    expect(received).toHaveLength(2)
    expect(again.response.headers.get('content-security-policy')).not.toContain("'unsafe-inline'")
  })

  it('empties itself when a publish is accepted, not when a webhook is refused', async () => {
    replies['/api/revalidate'] = { status: 401, body: 'no' }
    await get('/ants')
    await get('/api/revalidate', {}, 'POST')
    expect((await get('/ants')).response.headers.get('x-page-cache')).toBe('hit')
    replies['/api/revalidate'] = { status: 200, body: '{"revalidated":true}' }
    await get('/api/revalidate', {}, 'POST')
    expect((await get('/ants')).response.headers.get('x-page-cache')).toBe('miss')
  })
})

describe('the front: rewriting pages', () => {
  it('hashes the page as rewritten, so a script the rewrite adds is allowed', async () => {
    const rewriting = http.createServer(
      createFrontHandler({
        upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port },
        cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 }),
        transformHtml: (html) => html.replace('</head>', '<script>alert(1)</script></head>'),
      }),
    )
    await new Promise<void>((resolve) => rewriting.listen(0, '127.0.0.1', resolve))
    const response = await fetch(`http://127.0.0.1:${(rewriting.address() as AddressInfo).port}/ants`)
    expect(await response.text()).toContain('<script>alert(1)</script></head>')
    // sha256 of "alert(1)", next to the page's own script's hash.
    expect(response.headers.get('content-security-policy')).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='")
    // A draft-mode page (the Presentation tool's hidden frame, which never paints until it connects) is sent as Next wrote it.
    const draft = await fetch(`http://127.0.0.1:${(rewriting.address() as AddressInfo).port}/ants`, { headers: { cookie: '__prerender_bypass=secret' } })
    expect(await draft.text()).not.toContain('alert(1)')
    // The draft page keeps the policy Next sent (the request hook's, naming the Studio's lake), with its hashes.
    expect(draft.headers.get('content-security-policy')).toContain("'sha256-")
    expect(response.headers.get('content-security-policy')).not.toContain('localhost')
    rewriting.closeAllConnections()
    await new Promise((resolve) => rewriting.close(resolve))
  })
})

describe('the front: publishes', () => {
  it('does not keep a page whose fetch started before a publish emptied the cache', async () => {
    replies['/ants'] = { ...cachedPage, delayMs: 300 }
    replies['/api/revalidate'] = { status: 200, body: '{"revalidated":true}' }
    const before = get('/ants')
    await new Promise((resolve) => setTimeout(resolve, 50))
    await get('/api/revalidate', {}, 'POST')
    await before
    replies['/ants'] = cachedPage
    expect((await get('/ants')).response.headers.get('x-page-cache')).toBe('miss')
  })
})

describe('the front: everything else passes through', () => {
  it.each([
    ['draft mode', '/ants', { cookie: 'theme=x; __prerender_bypass=secret' }],
    ['a client navigation', '/ants', { rsc: '1' }],
    ['the Studio', '/studio', {}],
    ['an asset', '/_next/static/chunks/a.js', {}],
  ])('%s reaches Next every time', async (_, path, headers) => {
    replies[path] = cachedPage
    await get(path, headers)
    const { response } = await get(path, headers)
    expect(received).toHaveLength(2)
    expect(response.headers.get('x-page-cache')).toBeNull()
    // Only the Studio keeps its own policy; a page's HTML anywhere else is served under the hash policy.
    const policy = response.headers.get('content-security-policy')
    if (path === '/studio') expect(policy).toBe(POLICY)
    else expect(policy).not.toContain("'unsafe-inline'")
  })

  it('forwards request bodies and the client address', async () => {
    replies['/api/revalidate'] = { status: 401, body: 'no' }
    await fetch(base + '/api/revalidate', {
      method: 'POST',
      body: '{"_type":"pest"}',
      // A client's own forwarding header is not believed at the edge.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    })
    expect(received[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' } })
  })

  describe('a server action on a page (POST with Next-Action)', () => {
    const action = { 'next-action': '7f3a9c', 'content-type': 'text/plain;charset=UTF-8' }
    const draft = { cookie: 'theme=x; __prerender_bypass=secret' }
    const actionReply: Reply = { headers: { 'content-type': 'text/x-component', 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, body: '0:{"a":"$@1"}' }

    async function post(headers: Record<string, string>, body = '["draft"]') {
      const response = await fetch(base + '/ants', { method: 'POST', headers, body })
      return { response, body: await response.text() }
    }

    it('in draft mode (the Presentation preview) reaches Next with its body, every time, never cached', async () => {
      replies['/ants'] = actionReply
      for (const attempt of [1, 2]) {
        const { response, body } = await post({ ...action, ...draft })
        expect(response.status, `request ${attempt}`).toBe(200)
        expect(body).toBe('0:{"a":"$@1"}')
        expect(response.headers.get('x-page-cache')).toBeNull()
      }
      expect(received).toHaveLength(2)
      expect(received[0]).toMatchObject({ method: 'POST', url: '/ants', headers: { 'next-action': '7f3a9c', 'content-length': '9' } })
      expect(received[0]!.headers.cookie).toContain('__prerender_bypass=secret')
    })

    it("names Next's address as the Origin only when the Origin is the host the browser asked for (Next's CSRF check)", async () => {
      replies['/ants'] = actionReply
      const upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
      await post({ ...action, ...draft, origin: base })
      await post({ ...action, ...draft, origin: 'https://evil.example' })
      expect(received.map((request) => request.headers.origin)).toEqual([upstreamOrigin, 'https://evil.example'])
    })

    it('in draft mode, with a body over 64 KB: 413, Next never asked', async () => {
      const { response } = await post({ ...action, ...draft }, 'x'.repeat(64 * 1024 + 1))
      expect(response.status).toBe(413)
      expect(received).toHaveLength(0)
    })

    it.each([
      ['a Next-Action without the draft cookie', action],
      ['the draft cookie without a Next-Action', { 'content-type': 'text/plain', ...draft }],
    ])('%s → 405, Next never asked', async (_, headers) => {
      const { response } = await post(headers)
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
      expect(received).toHaveLength(0)
    })
  })

  it('answers 502 with a plain message when Next does not answer', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const lonely = http.createServer(createFrontHandler({ upstream: { host: '127.0.0.1', port }, cache: new PageCache({ maxBytes: 1000, ttlMs: 1000 }) }))
    await new Promise<void>((resolve) => lonely.listen(0, '127.0.0.1', resolve))
    const response = await fetch(`http://127.0.0.1:${(lonely.address() as AddressInfo).port}/ants`)
    expect(response.status).toBe(502)
    expect(await response.text()).toMatch(/briefly unavailable/)
    lonely.closeAllConnections()
    await new Promise((resolve) => lonely.close(resolve))
  })
})

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['gzip;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    [undefined, null],
  ])('%s → %s', (header, expected) => expect(pageEncoding(header)).toBe(expected))
})
