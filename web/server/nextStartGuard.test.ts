import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardNextStart } from './nextStartGuard'

/**
 * The guard plain `next start` installs from the instrumentation hook, on a real HTTP server standing in for
 * Next's router: a stand-in that sets Next's routing headers.
 */
const seen: string[] = []
const server = http.createServer((request, response) => {
  seen.push(`${request.method} ${request.url}`)
  response.setHeader('x-middleware-rewrite', '/v/secret-rules')
  response.setHeader('x-matched-path', '/[slug]')
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 4 })
  response.end('next')
})
let port = 0

beforeAll(async () => {
  guardNextStart({ 'x-content-type-options': 'nosniff' })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function raw(head: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (chunk) => (text += chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = top.split('\r\n')
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
    socket.write(head)
  })
}

describe('the plain next start guard', () => {
  it.each([
    ['TRACE / HTTP/1.1', 405],
    // Node's parser knows no TRACK: its parse error is answered with the headers too.
    ['TRACK / HTTP/1.1', 400],
    ['CONNECT evil.example:443 HTTP/1.1', 405],
    ['OPTIONS * HTTP/1.1', 400],
    ['GET example.com:443 HTTP/1.1', 400],
    ['GET /\\evil.example HTTP/1.1', 400],
    [`GET /${'a'.repeat(5000)} HTTP/1.1`, 414],
  ])('answers %s itself: %i with the security headers, never reaching Next', async (line, status) => {
    const before = seen.length
    const answer = await raw(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    expect(answer.status).toBe(status)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(seen.length).toBe(before)
  })

  it('reduces an absolute-form target to its path before Next reads it, and redirects //x to /x on this host', async () => {
    const absolute = await raw('GET http://evil.example/about-us/?kw=x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(absolute.status).toBe(200)
    expect(seen.at(-1)).toBe('GET /about-us/?kw=x')
    const slashes = await raw('GET //evil.example/ants HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(slashes.status).toBe(308)
    expect(slashes.headers.get('location')).toBe('/evil.example/ants')
  })

  it('passes ordinary requests to Next without its routing headers', async () => {
    const answer = await raw('GET /ants HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('next')
    expect(answer.headers.has('x-middleware-rewrite')).toBe(false)
    expect(answer.headers.has('x-matched-path')).toBe(false)
  })
})
