import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFrontHandler } from './front'
import { PageCache } from './pageCache'

/**
 * The front's own answers to odd request targets and to /studio without a Sanity project, against a
 * stand-in for Next that serves the prebuilt not-found page at /_not-found.
 */
const NOT_FOUND_HTML = '<!DOCTYPE html><html><head><script>self.__next_f=[]</script></head><body><h1>Oops! Page not found</h1><a href="/">Return to Home</a></body></html>'
const received: string[] = []
const upstream = http.createServer((request, response) => {
  received.push(request.url ?? '')
  request.resume()
  const path = (request.url ?? '').split('?')[0]
  if (path === '/_not-found') {
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'self'" })
    return void response.end(NOT_FOUND_HTML)
  }
  if (path === '/studio') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    return void response.end('<html><body>Studio: accept the local Content Lake’s certificate</body></html>')
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  response.end('<html><body><h1>Ants</h1></body></html>')
})

const servers: http.Server[] = []
async function frontOn(options: { studio?: boolean }): Promise<string> {
  const front = http.createServer(
    createFrontHandler({
      upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port },
      cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 1_000 }),
      securityHeaders: { 'x-content-type-options': 'nosniff' },
      ...options,
    }),
  )
  servers.push(front)
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  return `127.0.0.1:${(front.address() as AddressInfo).port}`
}

let site = ''
let noProject = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  site = await frontOn({})
  noProject = await frontOn({ studio: false })
})
afterAll(async () => {
  for (const server of [...servers, upstream]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

/** A request with the target exactly as written (fetch would normalize it). */
function raw(host: string, target: string, headers: Record<string, string> = {}, method = 'GET') {
  const [hostname, port] = host.split(':')
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: hostname, port: Number(port), path: target, method, headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('error', reject)
    request.end()
  })
}

describe('paths starting with several slashes', () => {
  it.each([
    ['//ants', '/ants'],
    ['///', '/'],
    ['//hornets?kw=nest', '/hornets?kw=nest'],
    ['//evil.example/x', '/evil.example/x'],
    ['/////wasps', '/wasps'],
  ])('%s → 308 to %s, with no body to read and never a //… Location', async (target, location) => {
    const answer = await raw(site, target, { accept: BROWSER_ACCEPT })
    expect(answer.status).toBe(308)
    expect(answer.headers.location).toBe(location)
    expect(answer.headers.location!.startsWith('//')).toBe(false)
    expect(answer.body).toBe('')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('other odd targets keep their status', () => {
  it.each([
    ['a backslash', '/\\evil.example', 400],
    ['an over-long path', `/${'a'.repeat(5_000)}`, 414],
  ])('%s: the branded not-found page for a browser, one line of text for a tool', async (_, target, status) => {
    const browser = await raw(site, target, { accept: BROWSER_ACCEPT })
    expect(browser.status).toBe(status)
    expect(browser.headers['content-type']).toMatch(/^text\/html/)
    expect(browser.body).toContain('Oops! Page not found')
    expect(browser.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
    expect(browser.headers['cache-control']).toBe('no-store')
    const tool = await raw(site, target, { accept: '*/*' })
    expect(tool.status).toBe(status)
    expect(tool.headers['content-type']).toMatch(/^text\/plain/)
    expect(tool.body).not.toContain('<html')
  })

  it('a POST to an odd target stays a one-line answer (its body is not read)', async () => {
    const answer = await raw(site, '/\\x', { accept: BROWSER_ACCEPT }, 'POST')
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
  })
})

describe('/studio', () => {
  it('is the site’s not-found page (404) on a server with no Sanity project, below /studio too, logged once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      for (const path of ['/studio', '/studio/structure', '/studio/structure/siteSettings']) {
        received.length = 0
        warn.mockClear()
        const answer = await raw(noProject, path, { accept: BROWSER_ACCEPT })
        expect(answer.status, path).toBe(404)
        expect(answer.body, path).toContain('Oops! Page not found')
        expect(answer.body, path).not.toContain('Content Lake')
        expect(received, path).toEqual(['/_not-found'])
        // The line every missing path gets (spec §2.12: "the missing path is logged to the console").
        expect(warn.mock.calls, path).toEqual([[`[404] ${path}`]])
      }
    } finally {
      warn.mockRestore()
    }
  })

  it('is the Studio with a project configured', async () => {
    const answer = await raw(site, '/studio', { accept: BROWSER_ACCEPT })
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('Studio')
  })
})
