import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EdgeConfig } from '../config'
import { purgeEdge } from './purge'

/** One loopback server standing in for Varnish, Cloudflare's API and Fastly's API; it records each request. */
interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}
const seen: Seen[] = []
let server: http.Server
let base = ''
/** Varnish: Node's HTTP parser knows no BAN method, so this one reads the request head itself. */
let varnish: net.Server
let varnishUrl = ''
let cloudflareAnswer: { status: number; body: unknown } = { status: 200, body: { success: true, errors: [], messages: [], result: { id: 'p1' } } }

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      if (request.url!.startsWith('/cf/')) {
        response.writeHead(cloudflareAnswer.status, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify(cloudflareAnswer.body))
      }
      if (request.url!.startsWith('/fastly/')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify({ 'slug:ants': '108-1391560174-974124' }))
      }
      response.writeHead(404)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  varnish = net.createServer((socket) => {
    let head = ''
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      const [requestLine, ...lines] = head.split('\r\n\r\n')[0]!.split('\r\n')
      const [method, url] = requestLine!.split(' ')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      seen.push({ method: method!, url: url!, headers, body: '' })
      const status = String(headers['surrogate-key']).includes('refused') ? '405 Not allowed' : '200 Banned'
      socket.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`)
    })
  })
  await new Promise<void>((resolve) => varnish.listen(0, '127.0.0.1', resolve))
  varnishUrl = `http://127.0.0.1:${(varnish.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await new Promise<void>((resolve) => varnish.close(() => resolve()))
})

const none: EdgeConfig = { varnish: [], cloudflare: null, fastly: null, shortTtlSeconds: 5 }
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'

describe('purgeEdge', () => {
  it('does nothing when no shared cache is configured', async () => {
    seen.length = 0
    expect(await purgeEdge(none, ['slug:ants'])).toEqual([])
    expect(seen).toEqual([])
  })

  it('sends each cache its documented purge, with exactly the changed tags', async () => {
    seen.length = 0
    const edge: EdgeConfig = {
      ...none,
      varnish: [varnishUrl],
      cloudflare: { zoneId: ZONE, token: 'cf-token', apiUrl: `${base}/cf/client/v4` },
      fastly: { serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'fastly-token', apiUrl: `${base}/fastly` },
    }
    const results = await purgeEdge(edge, ['slug:ants', 'routes', 'slug:ants'])
    expect(results.map((result) => [result.cache, result.ok])).toEqual([['varnish', true], ['cloudflare', true], ['fastly', true]])
    const ban = seen.find((request) => request.method === 'BAN')!
    expect(ban.url).toBe('/')
    expect(ban.headers['surrogate-key']).toBe('slug:ants routes')
    const cloudflare = seen.find((request) => request.url.startsWith('/cf/'))!
    expect([cloudflare.method, cloudflare.url]).toEqual(['POST', `/cf/client/v4/zones/${ZONE}/purge_cache`])
    expect(cloudflare.headers.authorization).toBe('Bearer cf-token')
    expect(JSON.parse(cloudflare.body)).toEqual({ tags: ['slug:ants', 'routes'] })
    const fastly = seen.find((request) => request.url.startsWith('/fastly/'))!
    expect([fastly.method, fastly.url]).toEqual(['POST', '/fastly/service/SU1Z0isxPaozGVKXdv0eY/purge'])
    expect(fastly.headers['fastly-key']).toBe('fastly-token')
    expect(fastly.headers['surrogate-key']).toBe('slug:ants routes')
    // No token in what is reported.
    expect(JSON.stringify(results)).not.toMatch(/token/)
  })

  it('sends Cloudflare at most 30 tags a request', async () => {
    seen.length = 0
    const tags = Array.from({ length: 31 }, (_, index) => `slug:page-${index}`)
    const results = await purgeEdge({ ...none, cloudflare: { zoneId: ZONE, token: 't', apiUrl: `${base}/cf` } }, tags)
    expect(results).toHaveLength(2)
    expect(seen.map((request) => (JSON.parse(request.body) as { tags: string[] }).tags.length).sort((a, b) => a - b)).toEqual([1, 30])
  })

  it('reports a failing cache and still purges the others', async () => {
    seen.length = 0
    cloudflareAnswer = { status: 400, body: { success: false, errors: [{ code: 1134, message: 'Invalid zone' }] } }
    try {
      const results = await purgeEdge({ ...none, varnish: [varnishUrl, 'http://127.0.0.1:1'], cloudflare: { zoneId: ZONE, token: 't', apiUrl: `${base}/cf` } }, ['refused'])
      expect(results.map((result) => result.ok)).toEqual([false, false, false])
      expect(results[0]!.detail).toBe('HTTP 405')
      expect(results[2]!.detail).toBe('HTTP 400: Invalid zone')
    } finally {
      cloudflareAnswer = { status: 200, body: { success: true, errors: [], messages: [], result: { id: 'p1' } } }
    }
  })
})
