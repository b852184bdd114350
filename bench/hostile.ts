// Hostile clients against the production server (`npm start` on the production build; run
// `npm run build` first), on loopback. Prints:
//   - latency (p50/p99) of `/`, a fresh personalized variant and a static asset, before and during
//     600 slow uploads (one byte per second to /api/revalidate), from one address and from 150;
//   - the server's RSS while four 100 MB webhook bodies with a wrong signature are sent at once;
//   - uncaught exceptions in the server log after 600 requests dropped mid-answer;
//   - a render flood (100 connections of fresh keywords for 15 s): a cached page's and a fresh variant's
//     p50/p99 quiet and under the flood, the readiness check's, and how many flood requests got the plain page.
// First, the outsider's attacks on the numbers (bench/outsiders.ts: what got through, what a real visitor saw).
// Usage: node bench/hostile.ts   (SAMPLES=60 requests per latency figure; OUTAGE_S=20 for the database outage)
import './outsiders.ts'
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import net from 'node:net'
import { freshKeyword, freshKeywordFlood, measureWhile, percentile as percentileOf } from '../tests/e2e/flood.ts'
import { startSite } from '../tests/e2e/nextServer.ts'
import { rssMiB } from './rss.ts'

const SAMPLES = Number(process.env.SAMPLES || 60)
const PORT = 3196
const site = await startSite(PORT, { SANITY_REVALIDATE_SECRET: 'bench-secret', SANITY_WEBHOOK_SKIP_CONSISTENCY_WAIT: 'true' })
const asset = /\/_next\/static\/chunks\/[\w.-]+\.js/.exec(await (await fetch(`${site.url}/ants`)).text())![0]
let fresh = 0

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

async function latency(path: () => string): Promise<string> {
  const times: number[] = []
  let failed = 0
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    try {
      const response = await fetch(site.url + path(), { signal: AbortSignal.timeout(15_000) })
      await response.arrayBuffer()
      if (response.status !== 200) failed++
    } catch {
      failed++
    }
    times.push(performance.now() - started)
  }
  return `${percentile(times, 50)} / ${percentile(times, 99)} ms${failed ? ` (${failed} failed)` : ''}`
}

async function latencies(label: string) {
  return {
    case: label,
    '/ p50/p99': await latency(() => '/'),
    'fresh variant p50/p99': await latency(() => `/?kw=hostile+bench+${++fresh}`),
    'asset p50/p99': await latency(() => asset),
  }
}

function slowUploads(count: number, addresses: number) {
  const sockets = Array.from({ length: count }, (_, i) => {
    const socket = net.connect({ port: PORT, host: '127.0.0.1', localAddress: `127.0.1.${(i % addresses) + 1}` })
    socket.on('connect', () => socket.write('POST /api/revalidate HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{'))
    socket.on('error', () => {})
    return socket
  })
  const drip = setInterval(() => sockets.forEach((socket) => socket.writable && socket.write(' ')), 1000)
  return () => {
    clearInterval(drip)
    sockets.forEach((socket) => socket.destroy())
  }
}

const rows = [await latencies('quiet')]
for (const addresses of [1, 150]) {
  const stop = slowUploads(600, addresses)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  rows.push(await latencies(`600 slow uploads from ${addresses} address${addresses > 1 ? 'es' : ''}`))
  stop()
}
console.table(rows)

// Four 100 MB bodies at once, with a well-formed wrong signature.
const before = rssMiB(site.pid)
let peak = before
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(site.pid))), 100)
const signature = await encodeSignatureHeader('{}', Date.now(), 'wrong')
const answers = await Promise.all(
  Array.from(
    { length: 4 },
    () =>
      new Promise<{ status: string; sentMiB: number }>((resolve) => {
        const socket = net.connect(PORT, '127.0.0.1')
        let answer = ''
        let sent = 0
        const done = () => resolve({ status: answer.slice(9, 12) || 'reset', sentMiB: Math.round(sent / 1048576) })
        socket.on('data', (data: Buffer) => (answer += data.toString('utf8')))
        socket.on('error', done)
        socket.on('close', done)
        socket.write(`POST /api/revalidate HTTP/1.1\r\nHost: x\r\n${SIGNATURE_HEADER_NAME}: ${signature}\r\nTransfer-Encoding: chunked\r\n\r\n`)
        const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')])
        const pump = () => {
          while (sent < 100 * 1048576 && !socket.destroyed) {
            sent += 0x10000
            if (!socket.write(chunk)) return void socket.once('drain', pump)
          }
          socket.end('0\r\n\r\n')
        }
        pump()
      }),
  ),
)
clearInterval(sampler)
console.log(`four 100 MB bodies: answers ${answers.map((a) => `${a.status} after ${a.sentMiB} MiB sent`).join(', ')}; RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`)

// 600 requests dropped mid-answer.
for (let i = 0; i < 600; i++) {
  await new Promise<void>((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(`GET ${i % 2 ? asset : '/ants'} HTTP/1.1\r\nHost: x\r\n\r\n`))
    socket.on('error', () => resolve())
    socket.once('data', () => {
      socket.resetAndDestroy()
      resolve()
    })
  })
}
await new Promise((resolve) => setTimeout(resolve, 500))
console.log(`600 requests dropped mid-answer: ${site.logs.filter((line) => /uncaught|ERR_STREAM/i.test(line)).length} uncaught exceptions in the log`)

// A render flood: 100 connections, each asking for a new keyword on every request, for 15 s.
const FLOOD = { connections: 100, seconds: 15 }
const spread = (times: number[], failures: string[]) => `${percentileOf(times, 50)} / ${percentileOf(times, 99)} ms${failures.length ? ` (${failures.length} failed)` : ''}`
const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const [quietCached, quietFresh, quietReady] = await Promise.all([
  measureWhile(site.url, () => '/ants', quietFor(5_000)),
  measureWhile(site.url, () => `/?kw=${freshKeyword().query}`, quietFor(5_000)),
  measureWhile(site.url, () => '/readyz', quietFor(5_000)),
])
const flood = freshKeywordFlood(site.url, FLOOD)
const [flooded, floodCached, floodFresh, floodReady] = await Promise.all([
  flood,
  measureWhile(site.url, () => '/ants', flood),
  measureWhile(site.url, () => `/?kw=${freshKeyword().query}`, flood),
  measureWhile(site.url, () => '/readyz', flood),
])
console.table([
  { case: 'quiet', 'cached /ants p50/p99': spread(quietCached.times, quietCached.failures), 'fresh variant p50/p99': spread(quietFresh.times, quietFresh.failures), '/readyz p50/p99': spread(quietReady.times, quietReady.failures), 'flood requests (plain page)': '' },
  {
    case: `flood: ${FLOOD.connections} connections × ${FLOOD.seconds} s of fresh keywords`,
    'cached /ants p50/p99': spread(floodCached.times, floodCached.failures),
    'fresh variant p50/p99': spread(floodFresh.times, floodFresh.failures),
    '/readyz p50/p99': spread(floodReady.times, floodReady.failures),
    'flood requests (plain page)': `${flooded.requests} (${flooded.plain} plain, ${flooded.personalized} rendered, ${flooded.failed} failed)`,
  },
])
await site.stop()
