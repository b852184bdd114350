import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrontHandler, type DirectAnswer } from './front'
import { PageCache } from './pageCache'

/** Routes the front answers itself (Twilio's voice webhooks): the body it read goes to the answer, Next never sees the request. */
const reachedNext: string[] = []
const upstream = http.createServer((request, response) => {
  reachedNext.push(request.url ?? '')
  request.resume()
  response.end('next')
})
const asked: { pathAndQuery: string; signature: unknown; body: string }[] = []
const answer: DirectAnswer = async ({ pathAndQuery, headers, body }) => {
  asked.push({ pathAndQuery, signature: headers['x-twilio-signature'], body: body.toString('utf8') })
  return { status: 200, contentType: 'text/xml; charset=utf-8', body: '<Response><Hangup/></Response>' }
}
let front: http.Server
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const handler = createFrontHandler({
    upstream: { host: '127.0.0.1', port: (upstream.address() as AddressInfo).port },
    cache: new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 }),
    bodyLimits: { '/api/voice/status': 1024, '/api/calls': 1024 },
    answers: { '/api/voice/status': answer },
  })
  front = http.createServer((request, response) => handler(request, response))
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
})

afterAll(async () => {
  front.closeAllConnections()
  upstream.closeAllConnections()
  await Promise.all([new Promise((resolve) => front.close(resolve)), new Promise((resolve) => upstream.close(resolve))])
})

describe('routes the front answers itself', () => {
  it('hands the answer the path, query, headers and body, and answers without Next', async () => {
    const response = await fetch(`${base}/api/voice/status?recorded=1`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'abc=' }, body: 'CallSid=CA1&DialCallStatus=completed' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toBe('<Response><Hangup/></Response>')
    expect(asked).toEqual([{ pathAndQuery: '/api/voice/status?recorded=1', signature: 'abc=', body: 'CallSid=CA1&DialCallStatus=completed' }])
    expect(reachedNext).toEqual([])
  })

  it('still caps the body, and passes other body routes on to Next', async () => {
    const big = await fetch(`${base}/api/voice/status`, { method: 'POST', body: 'x'.repeat(2048) })
    expect(big.status).toBe(413)
    const tap = await fetch(`${base}/api/calls`, { method: 'POST', body: '{}' })
    expect(await tap.text()).toBe('next')
    expect(reachedNext).toEqual(['/api/calls'])
    expect(asked).toHaveLength(1)
  })

  it('never budgets Twilio’s signed webhooks by address: with 12 held from its one address, another is answered', async () => {
    const port = Number(new URL(base).port)
    // Twilio's bodies from one shared address, still arriving (each holds an upload slot meanwhile).
    const held = Array.from({ length: 12 }, () => {
      const socket = net.connect({ port, host: '127.0.0.1' })
      socket.on('error', () => {})
      socket.on('connect', () => socket.write('POST /api/voice/status HTTP/1.1\r\nHost: x\r\nX-Twilio-Signature: abc=\r\nContent-Length: 40\r\n\r\nCallSid='))
      return socket
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      const response = await fetch(`${base}/api/voice/status`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'def=' }, body: 'CallSid=CA2&DialCallStatus=completed' })
      expect(response.status).toBe(200)
    } finally {
      for (const socket of held) socket.destroy()
    }
  })
})

