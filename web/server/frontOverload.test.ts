import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RenderAdmission } from './admission'
import { clientErrorResponse, createFrontHandler } from './front'
import { PageCache } from './pageCache'
import { fixedPageShapes } from './pageShapes'
import { draftSessionCheck } from './requestTarget'

/**
 * The front under overload and odd requests, against a loopback stand-in for Next: fresh renders are
 * bounded and the rest get the plain page; odd targets get a clean 4xx with the security headers; a
 * preview cookie that is not a draft session is an ordinary visitor's; the publish webhook keeps
 * upload slots of its own; liveness and readiness.
 */
const SECURITY = { 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=63072000' }
const PREVIEW_ID = 'preview-id-of-this-build'
const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = []
let renderMs = 0
let rendering = 0
let mostRenderingAtOnce = 0

const upstream = http.createServer((request, response) => {
  received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
  const url = new URL(request.url ?? '/', 'http://next.invalid')
  if (request.method === 'POST') {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"revalidated":[]}'))
    return
  }
  if (url.pathname === '/next-redirect') return void response.writeHead(308, { location: `${url.pathname}/` }).end()
  const keyword = url.searchParams.get('kw')
  const answer = () =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=3600' })
      .end(`<!doctype html><h1>${keyword ?? 'Plain page'}</h1>`)
  if (!keyword) return answer()
  rendering++
  mostRenderingAtOnce = Math.max(mostRenderingAtOnce, rendering)
  setTimeout(() => {
    rendering--
    answer()
  }, renderMs)
})
let front: http.Server
let frontPort = 0
let base = ''
let renders: RenderAdmission
let nextAnsweredAt = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  renders = new RenderAdmission({ slots: 2, queue: 2, waitMs: 300, log: () => {} })
  front = http.createServer(
    { requireHostHeader: false },
    createFrontHandler({
      upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port },
      cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 }),
      // The home page reads the ad keyword (its "Ad inputs"): every keyword is a variant of its own.
      shapes: fixedPageShapes([{ id: 'home', path: '/', fields: ['keyword'] }]),
      securityHeaders: SECURITY,
      renders,
      isDraftSession: draftSessionCheck(PREVIEW_ID),
      uploads: { perClient: 2, perNetwork: 3, total: 4, idleMs: 5_000, totalMs: 5_000 },
      webhookUploads: { perClient: 1, perNetwork: 1, total: 2, totalMs: 5_000 },
      bodyLimits: { '/api/revalidate': 10_000 },
      health: async (facts) => {
        nextAnsweredAt = facts.nextAnsweredAt
        return { ok: true, body: { status: 'ok' } }
      },
    }),
  )
  front.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => socket.end(clientErrorResponse(error, SECURITY)))
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  frontPort = (front.address() as AddressInfo).port
  base = `http://127.0.0.1:${frontPort}`
})
afterAll(async () => {
  front.closeAllConnections()
  upstream.closeAllConnections()
  await Promise.all([new Promise((resolve) => front.close(resolve)), new Promise((resolve) => upstream.close(resolve))])
})
beforeEach(() => {
  received.length = 0
  renderMs = 0
  mostRenderingAtOnce = 0
})

/** A raw HTTP/1.1 exchange from a given loopback address, for what fetch will not send. */
function raw(text: string, { localAddress = '127.0.0.1', endAfterMs }: { localAddress?: string; endAfterMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: frontPort, host: '127.0.0.1', localAddress }, () => socket.write(text))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
    if (endAfterMs) setTimeout(() => resolve(Buffer.concat(chunks).toString('utf8')), endAfterMs)
  })
}

const headerBlock = (answer: string) => answer.split('\r\n\r\n')[0]!.toLowerCase()

describe('render admission', () => {
  it('runs at most the slots of fresh renders at once; the rest get the plain page at once, all 200', async () => {
    // The plain page is in memory first.
    expect(await (await fetch(`${base}/`)).text()).toContain('Plain page')
    renderMs = 600
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(`${base}/?kw=fresh+${i}`)
        return { status: response.status, body: await response.text(), cache: response.headers.get('x-page-cache') }
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(mostRenderingAtOnce).toBeLessThanOrEqual(2)
    const plain = answers.filter((answer) => answer.body.includes('Plain page'))
    const personalized = answers.filter((answer) => /fresh \d/.test(answer.body))
    // 2 rendering + 2 queued (they wait past 300 ms behind 600 ms renders: plain too) → at least 6 plain at once.
    expect(plain.length).toBeGreaterThanOrEqual(6)
    expect(personalized.length).toBeGreaterThanOrEqual(2)
    expect(plain.every((answer) => answer.cache === 'plain')).toBe(true)
    expect(renders.turnedAway).toBeGreaterThanOrEqual(6)
    expect(renders.active).toBe(0)
  })

  it('client navigations (RSC) to fresh variants are bounded too; turned away, they get the plain payload', async () => {
    renderMs = 600
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${base}/?kw=navigation+${i}&_rsc=abc`, { headers: { rsc: '1' } })
        return { status: response.status, body: await response.text() }
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    expect(mostRenderingAtOnce).toBeLessThanOrEqual(2)
    const plain = received.filter((request) => request.url === '/?_rsc=abc')
    expect(plain.length).toBeGreaterThanOrEqual(4)
    expect(answers.filter((answer) => answer.body.includes('Plain page'))).toHaveLength(plain.length)
  })

  it('a cached page never waits behind renders', async () => {
    await fetch(`${base}/ants`).then((response) => response.text())
    renderMs = 800
    const flood = Array.from({ length: 8 }, (_, i) => fetch(`${base}/?kw=flood+${i}`).then((response) => response.text()))
    const cached = await fetch(`${base}/ants`)
    expect(cached.status).toBe(200)
    expect(cached.headers.get('x-page-cache')).toBe('hit')
    // Answered while renders are still running.
    expect(rendering).toBeGreaterThan(0)
    await Promise.all(flood)
  })
})

describe('odd requests: a clean 4xx with the security headers, never Next', () => {
  async function expectRefused(request: string, status: number) {
    const answer = await raw(request)
    expect(answer.slice(9, 12)).toBe(String(status))
    const head = headerBlock(answer)
    expect(head).toContain('x-content-type-options: nosniff')
    expect(head).toContain("content-security-policy: default-src 'none'")
    expect(received).toEqual([])
  }

  it.each([
    ['target *', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['target *, GET', 'GET * HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['no Host on HTTP/1.1', 'GET /ants HTTP/1.1\r\n\r\n', 400],
    ['a 15 KB path', `GET /${'a'.repeat(15_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
  ])('%s', async (_, request, status) => {
    await expectRefused(request, status)
  })

  it('a protocol-relative target: a 308 to its one-slash path, never to the other host', async () => {
    const answer = await raw('GET //evil.example/x HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(answer.slice(9, 12)).toBe('308')
    expect(headerBlock(answer)).toContain('location: /evil.example/x')
    expect(headerBlock(answer)).not.toContain('location: //')
    expect(received).toEqual([])
  })

  it('an absolute-form target is reduced to its path: Next sees the path, no Location names the other host', async () => {
    const answer = await raw('GET http://evil.example/next-redirect HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(answer.slice(9, 12)).toBe('308')
    expect(received[0]!.url).toBe('/next-redirect')
    expect(headerBlock(answer)).toContain('location: /next-redirect/')
    expect(answer).not.toContain('evil.example')
  })

  it('a preview cookie that is not a draft session: a server action is refused (405), never sent to Next', async () => {
    const answer = await raw('POST /ants HTTP/1.1\r\nHost: x\r\nNext-Action: abc\r\nCookie: __prerender_bypass=forged\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]')
    expect(answer.slice(9, 12)).toBe('405')
    expect(received).toEqual([])
  })

  it('a preview cookie that is not a draft session: the page comes from the cache, the cookie never reaches Next', async () => {
    await fetch(`${base}/pests`).then((response) => response.text())
    received.length = 0
    const response = await fetch(`${base}/pests`, { headers: { cookie: 'theme=x; __prerender_bypass=forged' } })
    expect(response.headers.get('x-page-cache')).toBe('hit')
    expect(received).toEqual([])
    await fetch(`${base}/pests?utm_source=x`, { headers: { cookie: 'theme=x; __prerender_bypass=forged', rsc: '1' } }).then((answer) => answer.text())
    expect(received[0]!.headers.cookie).toBe('theme=x')
  })

  it('a valid draft session still passes to Next, never cached', async () => {
    const response = await fetch(`${base}/pests`, { headers: { cookie: `__prerender_bypass=${PREVIEW_ID}` } })
    expect(response.headers.get('x-page-cache')).toBeNull()
    expect(received[0]!.headers.cookie).toBe(`__prerender_bypass=${PREVIEW_ID}`)
    await response.text()
  })
})

describe('fair upload slots', () => {
  /** A slow upload from a loopback address: the body never completes while the test runs. */
  function slowUpload(localAddress: string, extra = '') {
    const socket = net.connect({ port: frontPort, host: '127.0.0.1', localAddress })
    let answer = ''
    socket.on('connect', () => socket.write(`POST /api/revalidate HTTP/1.1\r\nHost: x\r\n${extra}Content-Length: 1000\r\n\r\n{`))
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('error', () => {})
    return { status: () => answer.slice(9, 12), end: () => socket.destroy() }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

  it('one network cannot take every slot; another network still uploads', async () => {
    const uploads = Array.from({ length: 6 }, (_, i) => slowUpload(`127.0.1.${i + 1}`))
    await settle()
    // perNetwork 3: three of 127.0.1.0/24 are read, the rest refused at once.
    expect(uploads.filter((upload) => upload.status() === '429')).toHaveLength(3)
    const answer = await raw('POST /api/revalidate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', { localAddress: '127.0.2.1' })
    expect(answer.slice(9, 12)).toBe('200')
    for (const upload of uploads) upload.end()
  })

  it('with every visitor slot held, a signed publish still gets through on the reserved slots', async () => {
    const uploads = Array.from({ length: 4 }, (_, i) => slowUpload(`127.0.${i + 10}.1`))
    await settle()
    expect(uploads.filter((upload) => upload.status() === '')).toHaveLength(4)
    // The visitor slots are all held: another unsigned upload is refused.
    expect((await raw('POST /api/revalidate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}', { localAddress: '127.0.20.1' })).slice(9, 12)).toBe('429')
    const body = '{"_id":"pest.ant","_type":"pest"}'
    const signature = await encodeSignatureHeader(body, Date.now(), 'any-secret')
    const answer = await raw(`POST /api/revalidate HTTP/1.1\r\nHost: x\r\n${SIGNATURE_HEADER_NAME}: ${signature}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`, { localAddress: '127.0.21.1' })
    expect(answer.slice(9, 12)).toBe('200')
    for (const upload of uploads) upload.end()
  })

  it('the reserved slots are budgeted per network too: forged signatures from one network hold one', async () => {
    const forged = `${SIGNATURE_HEADER_NAME}: ${await encodeSignatureHeader('{}', Date.now(), 'wrong')}\r\n`
    const uploads = Array.from({ length: 3 }, () => slowUpload('127.0.30.1', forged))
    await settle()
    // One in the reserve (per network 1), two in the visitor slots (per address 2), none left for this address.
    expect(uploads.filter((upload) => upload.status() === '')).toHaveLength(3)
    const fourth = slowUpload('127.0.30.2', forged)
    await settle()
    // The reserve's budget for 127.0.30.0/24 is spent; the visitor slots take it (per network 3).
    expect(fourth.status()).toBe('')
    const fifth = slowUpload('127.0.30.3', forged)
    await settle()
    expect(fifth.status()).toBe('429')
    for (const upload of [...uploads, fourth, fifth]) upload.end()
  })
})

describe('health', () => {
  it('GET /livez answers 200 whatever Next does; /readyz and /healthz are readiness, told when Next last answered', async () => {
    const live = await fetch(`${base}/livez`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    await fetch(`${base}/ants-readiness`).then((response) => response.text())
    for (const path of ['/readyz', '/healthz']) {
      const ready = await fetch(base + path)
      expect(ready.status).toBe(200)
      await ready.text()
      expect(Date.now() - nextAnsweredAt).toBeLessThan(10_000)
    }
  })
})
