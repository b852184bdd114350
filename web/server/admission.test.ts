import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { ADMISSION_LOG_MS, limitConnections, RenderAdmission } from './admission'
import { readBody, UploadGate } from './limits'

describe('RenderAdmission', () => {
  it('admits up to the slots at once, queues a few, and turns the rest away at once', async () => {
    const admission = new RenderAdmission({ slots: 2, queue: 1, waitMs: 10_000, log: () => {} })
    const first = await admission.enter()
    const second = await admission.enter()
    expect(first).toBeTypeOf('function')
    expect(second).toBeTypeOf('function')
    const queued = admission.enter()
    expect(admission.queued).toBe(1)
    // The queue is full: refused without waiting.
    expect(await admission.enter()).toBeNull()
    expect(admission.turnedAway).toBe(1)
    // A slot freed goes to the one waiting.
    first!()
    first!()
    const third = await queued
    expect(third).toBeTypeOf('function')
    expect(admission.active).toBe(2)
    second!()
    third!()
    expect(admission.active).toBe(0)
  })

  it('a request waits at most waitMs in the queue, then gets null (the plain page)', async () => {
    vi.useFakeTimers()
    try {
      const admission = new RenderAdmission({ slots: 1, queue: 4, waitMs: 500, log: () => {} })
      const held = await admission.enter()
      const waiting = admission.enter()
      vi.advanceTimersByTime(499)
      expect(admission.queued).toBe(1)
      vi.advanceTimersByTime(1)
      expect(await waiting).toBeNull()
      expect(admission.queued).toBe(0)
      held!()
      expect(admission.active).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('logs how many got the plain page once a minute, as one line', () => {
    vi.useFakeTimers()
    try {
      const lines: string[] = []
      const admission = new RenderAdmission({ slots: 1, queue: 0, waitMs: 100, log: (line) => lines.push(line) })
      void admission.enter()
      for (let i = 0; i < 5; i++) void admission.enter()
      expect(lines).toEqual([])
      vi.advanceTimersByTime(ADMISSION_LOG_MS)
      expect(lines).toEqual(['[front] renders busy: 5 personalized requests got the plain page in the last minute (1 renders at once, 0 queued)'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('UploadGate', () => {
  it('caps slots per address, per network (/24) and in total', () => {
    const gate = new UploadGate({ perClient: 2, perNetwork: 3, total: 5 })
    expect(gate.enter('203.0.113.1')).not.toBeNull()
    expect(gate.enter('203.0.113.1')).not.toBeNull()
    expect(gate.enter('203.0.113.1')).toBeNull()
    const third = gate.enter('203.0.113.2')
    expect(third).not.toBeNull()
    // The network's budget is spent, whatever the address in it.
    expect(gate.enter('203.0.113.3')).toBeNull()
    // Another network still gets in, up to the total.
    expect(gate.enter('198.51.100.1')).not.toBeNull()
    expect(gate.enter('2001:db8:0:100::1')).not.toBeNull()
    expect(gate.enter('2001:db8:0:1ff::1')).toBeNull()
    third!()
    expect(gate.enter('203.0.113.3')).not.toBeNull()
  })

  it('keeps the reserved last slots for networks holding none: four networks never hold them all', () => {
    const gate = new UploadGate({ perClient: 4, perNetwork: 16, total: 64, reservedForNewNetworks: 16 })
    let held = 0
    for (let network = 1; network <= 4; network++) {
      for (let address = 1; address <= 16; address++) if (gate.enter(`198.51.${network}.${address}`)) held++
    }
    expect(held).toBe(49)
    expect(gate.enter('203.0.113.9')).not.toBeNull()
  })
})

describe('readBody', () => {
  it('cuts a sender that drips a byte just inside the idle limit at the whole-body deadline', async () => {
    const server = http.createServer(async (request, response) => {
      const started = performance.now()
      const outcome = await readBody(request, 10_000, 300, 900).then(
        () => 'read',
        (error: { status: number }) => String(error.status),
      )
      response.end(`${outcome} ${Math.round(performance.now() - started)}`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{'))
      const drip = setInterval(() => socket.writable && socket.write(' '), 100)
      let text = ''
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\r\n\r\n')) {
          clearInterval(drip)
          socket.destroy()
          resolve(text)
        }
      })
    })
    server.closeAllConnections()
    server.close()
    const [outcome, elapsed] = answer.split('\r\n\r\n')[1]!.trim().split(' ')
    expect(outcome).toBe('408')
    // Cut at the deadline, not at the idle limit (never reached) nor much later.
    expect(Number(elapsed)).toBeGreaterThanOrEqual(850)
    expect(Number(elapsed)).toBeLessThan(5_000)
  })
})

describe('limitConnections', () => {
  it('refuses connections beyond an address budget with the given answer, and frees slots on close', async () => {
    const server = http.createServer((_, response) => response.end('ok'))
    const lines: string[] = []
    const gate = limitConnections(server, { perClient: 2, perNetwork: 10, total: 100, refusal: 'HTTP/1.1 429 Too Many Connections\r\nconnection: close\r\n\r\n', log: (line) => lines.push(line) })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const open = () =>
      new Promise<{ socket: net.Socket; first: Promise<string> }>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, first: new Promise((done) => socket.once('data', (chunk: Buffer) => done(chunk.toString('utf8')))) }))
        socket.on('error', () => {})
      })
    const a = await open()
    const b = await open()
    const c = await open()
    expect(await c.first).toMatch(/^HTTP\/1\.1 429 /)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(gate.inProgress).toBe(2)
    a.socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const d = await open()
    d.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(await d.first).toMatch(/^HTTP\/1\.1 200 /)
    for (const { socket } of [b, d]) socket.destroy()
    server.closeAllConnections()
    server.close()
  })

  it('does not count an exempt peer (a reverse proxy in front)', async () => {
    const server = http.createServer((_, response) => response.end('ok'))
    const gate = limitConnections(server, { perClient: 1, total: 1, exempt: (address) => address === '127.0.0.1', refusal: '' })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/`).then((response) => response.text())))
    expect(answers).toEqual(['ok', 'ok', 'ok'])
    expect(gate.inProgress).toBe(0)
    server.closeAllConnections()
    server.close()
  })
})
