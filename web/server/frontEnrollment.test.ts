import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeBeacon } from '../lib/taps/beacon'
import { budgetLimiter } from '../lib/taps/rateLimit'
import { recorder, type Recorder, type RecordJob } from '../lib/taps/recorder'
import type { CallLog } from '../lib/taps/store'
import type { CallTap } from '../lib/taps/tap'
import { sqliteExperimentVisitors, type ExperimentVisitors } from '../lib/taps/experimentVisitors'
import { sqliteOutbox } from '../lib/db/outbox'
import { enrollmentSignature } from '../lib/personalization/enrollment'
import { armCookie, armCookieName } from '../lib/personalization/header'
import { decideVisit } from '../lib/personalization/visit'
import { buildCallsReport } from '../lib/campaigns/report'
import { buildVoiceReport } from '../lib/calls/report'
import { createFrontHandler } from './front'
import { PageCache } from './pageCache'
import { fixedPageShapes } from './pageShapes'

/**
 * Counting an A/B test behind the real front, over loopback HTTP, from many networks (127.0.x.y: each /24 a
 * network of its own, the socket's address being the client's): the stand-in for Next renders pages as the
 * request hook does and takes /api/calls with the route's own logic (lib/taps/beacon.ts) and the real
 * SQLite counts. Only a visitor the server enrolled (a signed cookie) counts; a minted one never does.
 */
const EXPERIMENT = { name: 'spring', arms: [{ key: 'a', weight: 50 }, { key: 'b', weight: 50 }] }
const ROUTE = { id: 'spring', path: '/spring', fields: [], experiment: EXPERIMENT }
const folder = mkdtempSync(path.join(tmpdir(), 'front-enrollment-'))
let visitors: ExperimentVisitors
let numbers: Recorder
const taps: CallTap[] = []
const log: CallLog = { record: async (tap) => void taps.push(tap), summary: async () => [] }
/** Bodies the stand-in took, per path. */
const took: string[] = []

const next = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://next.invalid')
  if (request.method === 'POST') {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      took.push(url.pathname)
      if (url.pathname === '/api/revalidate') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"revalidated":[]}')
      const answer = await takeBeacon(
        Buffer.concat(chunks).toString('utf8'),
        { client: String(request.headers['x-forwarded-for']), cookie: request.headers.cookie, userAgent: request.headers['user-agent'] },
        {
          facts: async (page) => (page === '/spring' ? { routed: true, route: ROUTE, numbers: new Set(['+12145550100']) } : { routed: false, numbers: new Set() }),
          recorder: () => numbers,
          // The site's own budgets (lib/taps/index.ts).
          taps: tapBudget,
          visits: visitBudget,
        },
      )
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.status === 204 ? undefined : JSON.stringify(answer))
    })
    return
  }
  request.resume()
  const visit = decideVisit(ROUTE, request.headers.cookie, request.headers['user-agent'], url.searchParams, 0.5)
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=3600', ...(visit.setCookies.length ? { 'set-cookie': visit.setCookies } : {}) })
  response.end(`<main data-call-arm="${visit.arm ?? ''}"></main>`)
})
const tapBudget = budgetLimiter({ name: 'call taps', perAddress: 10, perNetwork: 60, total: 6_000, windowMs: 60_000, log: () => {} })
const visitBudget = budgetLimiter({ name: 'visitor beacons', perAddress: 60, perNetwork: 600, total: 60_000, windowMs: 60_000, log: () => {} })
let front: http.Server
let frontPort = 0

beforeAll(async () => {
  visitors = sqliteExperimentVisitors(path.join(folder, 'calls.sqlite'))
  numbers = recorder({ log, visitors, outbox: sqliteOutbox<RecordJob>(path.join(folder, 'outbox.sqlite')) })
  await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve))
  front = http.createServer(
    createFrontHandler({
      upstream: { host: '127.0.0.1', port: (next.address() as AddressInfo).port },
      cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 }),
      shapes: fixedPageShapes([ROUTE]),
    }),
  )
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  frontPort = (front.address() as AddressInfo).port
})

afterAll(async () => {
  front.closeAllConnections()
  next.closeAllConnections()
  await Promise.all([new Promise((resolve) => front.close(resolve)), new Promise((resolve) => next.close(resolve))])
  numbers.close()
  rmSync(folder, { recursive: true, force: true })
})

/** One request from a loopback address of its own; resolves with the status and the Set-Cookie values. */
function send(method: string, target: string, { from = '127.0.0.1', cookie, body, headers = {} }: { from?: string; cookie?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; setCookies: string[]; text: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: frontPort, localAddress: from, method, path: target, agent: false, headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } : {}), ...headers } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookies: [response.headers['set-cookie'] ?? []].flat(), text: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const tapBody = JSON.stringify({ page: '/spring', source: 'hero-button', number: '+12145550100' })
const seenBody = JSON.stringify({ seen: true, page: '/spring' })
const counted = async () => (await visitors.counts()).arms.map(({ arm, visitors: count, converters }) => ({ arm, visitors: count, converters }))
const randomId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')

describe('who counts', () => {
  it('1,000 minted, tampered and unsigned cookies from 30 networks count nothing, and are answered 204 like any tap', async () => {
    const genuine = armCookie(EXPERIMENT, 'a', randomId()).split(';')[0]!.split('=')[1]!
    const forgeries = [
      () => `b.${randomId()}`,
      () => 'b',
      () => `b.${randomId()}.${enrollmentSignature('spring', 'b', 'x', 'a-guessed-secret')}`,
      () => { const id = randomId(); return `b.${id}.${enrollmentSignature('spring', 'b', id, 'a-guessed-secret')}` },
      // A genuine signature under another version, and under another id.
      () => `b.${genuine.split('.')[1]}.${genuine.split('.')[2]}`,
      () => `a.${randomId()}.${genuine.split('.')[2]}`,
    ]
    const statuses = new Map<number, number>()
    for (let batch = 0; batch < 1000; batch += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const n = batch + i
          const cookie = `${armCookieName(EXPERIMENT)}=${forgeries[n % forgeries.length]!()}`
          return send('POST', '/api/calls', { from: `127.0.${100 + (n % 30)}.${1 + Math.floor(n / 30)}`, cookie, body: n % 2 ? tapBody : seenBody })
        }),
      )
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    expect(Object.fromEntries(statuses)).toEqual({ 204: 1000 })
    expect(await counted()).toEqual([])
    // The taps themselves are in the call log, with no version.
    expect(taps.filter((tap) => tap.arm !== '')).toEqual([])
  }, 60_000)

  it('a visitor the server enrolled counts once its page beacons, converts when it taps; a tap on a page without the test counts nothing', async () => {
    const page = await send('GET', '/spring', { from: '127.0.200.1' })
    expect(page.setCookies).toHaveLength(1)
    const cookie = page.setCookies[0]!.split(';')[0]!
    const arm = cookie.split('=')[1]!.split('.')[0]!
    // Served alone (curl, a crawler, a prefetch): nothing yet.
    expect(await counted()).toEqual([])
    expect((await send('POST', '/api/calls', { from: '127.0.200.1', cookie, body: JSON.stringify({ page: '/elsewhere', source: 'hero-button' }) })).status).toBe(204)
    expect(await counted()).toEqual([])
    expect((await send('POST', '/api/calls', { from: '127.0.200.1', cookie, body: seenBody })).status).toBe(204)
    expect(await counted()).toEqual([{ arm, visitors: 1, converters: 0 }])
    expect((await send('POST', '/api/calls', { from: '127.0.200.1', cookie, body: tapBody })).status).toBe(204)
    expect(await counted()).toEqual([{ arm, visitors: 1, converters: 1 }])
  })

  it('an id shown under two versions counts for neither: 0 visitors, 0 converting visitors', async () => {
    const before = await counted()
    const id = randomId()
    for (const arm of ['a', 'b']) {
      const cookie = armCookie(EXPERIMENT, arm, id).split(';')[0]!
      expect((await send('POST', '/api/calls', { from: '127.0.201.1', cookie, body: seenBody })).status).toBe(204)
      expect((await send('POST', '/api/calls', { from: '127.0.201.1', cookie, body: tapBody })).status).toBe(204)
    }
    expect(await counted()).toEqual(before)
  })
})

describe('a verdict bought with the server’s own cookies', () => {
  it('2,000 server-issued cookies from 100 networks, each "seen", with taps only on b: the call verdict is unchanged, the tap verdict not conclusive, with an alarm', async () => {
    // The calls side (enrolled visitors whose leased number got a qualified call): what an outsider cannot mint without phone lines.
    const voice = buildVoiceReport([], [], [
      { experiment: 'spring', version: 'a', visitors: 400, converters: 40 },
      { experiment: 'spring', version: 'b', visitors: 400, converters: 44 },
    ])
    const before = buildCallsReport('2026-01-01', [], await visitors.counts(), voice).experiments.find((test) => test.experiment === 'spring')!
    const attackers = Array.from({ length: 100 }, (_, network) => async () => {
      for (let n = 0; n < 20; n++) {
        const from = `127.${140 + network}.1.${1 + n}`
        const page = await send('GET', '/spring', { from })
        const cookie = page.setCookies[0]!.split(';')[0]!
        await send('POST', '/api/calls', { from, cookie, body: seenBody })
        if (cookie.split('=')[1]!.startsWith('b.')) await send('POST', '/api/calls', { from, cookie, body: tapBody })
      }
    })
    for (let start = 0; start < attackers.length; start += 20) await Promise.all(attackers.slice(start, start + 20).map((attacker) => attacker()))
    const counts = await visitors.counts()
    const b = counts.arms.find((row) => row.experiment === 'spring' && row.arm === 'b')!
    expect(b.converters).toBeGreaterThan(800)
    const after = buildCallsReport('2026-01-01', [], counts, voice).experiments.find((test) => test.experiment === 'spring')!
    // With call tracking the verdict is decided on qualified calls: the flood's taps converted nobody (the converters
    // are the enrolled visitors who called), and 2,000 cookies made nothing conclusive.
    expect(before.callVerdict?.conclusive).toBe(false)
    expect(after.decidedOn).toBe('qualified calls')
    expect(after.arms.map((arm) => arm.callConverters)).toEqual([40, 44])
    expect(after.callVerdict?.conclusive).toBe(false)
    expect(after.verdict).toEqual(after.callVerdict)
    expect(after.tapVerdict.conclusive).toBe(false)
    // Without call tracking: b is ahead on taps, never conclusive, and the alarm says why.
    const tapsOnly = buildCallsReport('2026-01-01', [], counts).experiments.find((test) => test.experiment === 'spring')!
    expect(tapsOnly.decidedOn).toBe('taps')
    expect(tapsOnly.verdict).toMatchObject({ leader: 'b', conclusive: false })
    expect(tapsOnly.verdict.text).toMatch(/^b is ahead on taps\. Taps are not proof/)
    expect(tapsOnly.alarms.join(' ')).toMatch(/far above the trade/)
  }, 180_000)
})

describe('a junk flood from 100 networks', () => {
  it('60 junk bodies from each of 100 networks cost no budget: a fresh network’s real tap and beacon are counted', async () => {
    const bodies = ['{}', '[]', '{"page":1}', 'null']
    let refusedAsTooMany = 0
    const senders = Array.from({ length: 100 }, (_, network) => async () => {
      for (let n = 0; n < 60; n++) {
        const answer = await send('POST', '/api/calls', { from: `127.${60 + network}.0.${1 + (n % 3)}`, body: bodies[n % bodies.length] })
        if (answer.status === 429) refusedAsTooMany++
      }
    })
    // 20 networks at a time: the flood without holding more sockets than the front allows a network.
    for (let start = 0; start < senders.length; start += 20) await Promise.all(senders.slice(start, start + 20).map((sender) => sender()))
    expect(refusedAsTooMany).toBe(0)
    expect(tapBudget.refusals()).toMatchObject({ total: 0 })
    const before = await counted()
    const page = await send('GET', '/spring', { from: '127.250.0.9' })
    const cookie = page.setCookies[0]!.split(';')[0]!
    const arm = cookie.split('=')[1]!.split('.')[0]!
    expect((await send('POST', '/api/calls', { from: '127.250.0.9', cookie, body: seenBody })).status).toBe(204)
    expect((await send('POST', '/api/calls', { from: '127.250.0.9', cookie, body: tapBody })).status).toBe(204)
    const after = await counted()
    const of = (rows: typeof after) => rows.find((row) => row.arm === arm) ?? { visitors: 0, converters: 0 }
    expect(of(after).visitors - of(before).visitors).toBe(1)
    expect(of(after).converters - of(before).converters).toBe(1)
  }, 120_000)
})

describe('slow bodies from a few networks', () => {
  /** A tap or publish whose body drips: one byte, then nothing while the test runs. */
  function slowBody(from: string, target: string, extra = '') {
    const socket = net.connect({ port: frontPort, host: '127.0.0.1', localAddress: from })
    let answer = ''
    socket.on('connect', () => socket.write(`POST ${target} HTTP/1.1\r\nHost: x\r\n${extra}Content-Length: 600\r\n\r\n{`))
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('error', () => {})
    return { status: () => answer.slice(9, 12), end: () => socket.destroy() }
  }

  it('64 slow tap bodies from 4 networks and 8 slow signed-looking publishes: an honest tap from a fifth network and a signed publish are accepted', async () => {
    const slow = Array.from({ length: 64 }, (_, i) => slowBody(`127.0.${210 + (i % 4)}.${1 + Math.floor(i / 4)}`, '/api/calls'))
    const forged = `${SIGNATURE_HEADER_NAME}: ${await encodeSignatureHeader('{}', Date.now(), 'not-the-secret')}\r\n`
    const fakePublishes = Array.from({ length: 8 }, (_, i) => slowBody(`127.0.${220 + i}.1`, '/api/revalidate', forged))
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Some of the 64 are refused at once (each network's budget, the slots kept for new networks); the rest are held.
    expect(slow.filter((upload) => upload.status() === '').length).toBeGreaterThan(40)
    took.length = 0
    const honest = await send('POST', '/api/calls', { from: '127.0.230.1', body: tapBody })
    expect(honest.status).toBe(204)
    const body = '{"_id":"pest.ant","_type":"pest"}'
    const signature = await encodeSignatureHeader(body, Date.now(), 'the-site-webhook-secret')
    const publish = await send('POST', '/api/revalidate', { from: '127.0.231.1', body, headers: { [SIGNATURE_HEADER_NAME]: signature } })
    expect(publish.status).toBe(200)
    expect(took).toEqual(['/api/calls', '/api/revalidate'])
    for (const upload of [...slow, ...fakePublishes]) upload.end()
  })

  it('a signed publish takes the reserved slot of a signed-looking body held longest, even with every other slot taken', async () => {
    const small = http.createServer(
      createFrontHandler({
        upstream: { host: '127.0.0.1', port: (next.address() as AddressInfo).port },
        cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 }),
        uploads: { perClient: 1, perNetwork: 1, total: 1, idleMs: 5_000, totalMs: 5_000 },
        webhookUploads: { perClient: 1, perNetwork: 1, total: 2, totalMs: 5_000 },
      }),
    )
    await new Promise<void>((resolve) => small.listen(0, '127.0.0.1', resolve))
    const previousPort = frontPort
    frontPort = (small.address() as AddressInfo).port
    try {
      const forged = `${SIGNATURE_HEADER_NAME}: ${await encodeSignatureHeader('{}', Date.now(), 'not-the-secret')}\r\n`
      const held = [slowBody('127.0.240.1', '/api/calls'), slowBody('127.0.241.1', '/api/revalidate', forged), slowBody('127.0.242.1', '/api/revalidate', forged)]
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(held.map((upload) => upload.status())).toEqual(['', '', ''])
      const body = '{"_id":"pest.ant","_type":"pest"}'
      const signature = await encodeSignatureHeader(body, Date.now(), 'the-site-webhook-secret')
      expect((await send('POST', '/api/revalidate', { from: '127.0.243.1', body, headers: { [SIGNATURE_HEADER_NAME]: signature } })).status).toBe(200)
      for (const upload of held) upload.end()
    } finally {
      frontPort = previousPort
      small.closeAllConnections()
      await new Promise((resolve) => small.close(resolve))
    }
  })
})
