import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { describe, expect, it } from 'vitest'
import { MAX_AGE_MS, MAX_WEBHOOK_BYTES, memoryReplayGuard, sharedReplayGuard, verifyWebhook } from './webhook'

const SECRET = 'test-secret'
const NOW = Date.UTC(2026, 10, 23, 12)

async function delivery(body: string, { timestamp = NOW, secret = SECRET, headers = {} }: { timestamp?: number; secret?: string; headers?: Record<string, string> } = {}) {
  const signature = await encodeSignatureHeader(body, timestamp, secret)
  return new Request('http://site.invalid/api/revalidate', { method: 'POST', body, headers: { [SIGNATURE_HEADER_NAME]: signature, ...headers } })
}

describe('verifyWebhook', () => {
  const body = JSON.stringify({ _id: 'pest.ant', _type: 'pest' })

  it('accepts a fresh, correctly signed delivery once, and refuses its replay', async () => {
    const replays = memoryReplayGuard()
    expect(await verifyWebhook(await delivery(body), SECRET, { replays, now: NOW })).toEqual({ ok: true, body: { _id: 'pest.ant', _type: 'pest' } })
    expect(await verifyWebhook(await delivery(body), SECRET, { replays, now: NOW + 1000 })).toEqual({ ok: false, status: 409, message: 'Already delivered.' })
  })

  it("refuses a second delivery with the same idempotency-key, even re-signed", async () => {
    const replays = memoryReplayGuard()
    const headers = { 'idempotency-key': 'evt-1' }
    expect((await verifyWebhook(await delivery(body, { headers }), SECRET, { replays, now: NOW })).ok).toBe(true)
    const again = await verifyWebhook(await delivery(body, { headers, timestamp: NOW + 5 }), SECRET, { replays, now: NOW + 10 })
    expect(again).toMatchObject({ ok: false, status: 409 })
  })

  it('refuses a replay of the same signed delivery whatever its idempotency-key says, or without one', async () => {
    const replays = memoryReplayGuard()
    const signature = await encodeSignatureHeader(body, NOW, SECRET)
    const send = (headers: Record<string, string>) =>
      verifyWebhook(new Request('http://site.invalid/api/revalidate', { method: 'POST', body, headers: { [SIGNATURE_HEADER_NAME]: signature, ...headers } }), SECRET, { replays, now: NOW + 10 })
    expect((await send({ 'idempotency-key': 'evt-1' })).ok).toBe(true)
    expect(await send({ 'idempotency-key': 'evt-2' })).toMatchObject({ ok: false, status: 409 })
    expect(await send({})).toMatchObject({ ok: false, status: 409 })
    expect(await send({ 'idempotency-key': '' })).toMatchObject({ ok: false, status: 409 })
  })

  it('refuses a replay whose signature header is spelled differently', async () => {
    const replays = memoryReplayGuard()
    const signature = await encodeSignatureHeader(body, NOW, SECRET)
    const send = (header: string) =>
      verifyWebhook(new Request('http://site.invalid/api/revalidate', { method: 'POST', body, headers: { [SIGNATURE_HEADER_NAME]: header } }), SECRET, { replays, now: NOW + 10 })
    expect((await send(signature)).ok).toBe(true)
    const respelled = signature.replace(',', ', ')
    expect(await send(respelled)).toMatchObject({ ok: false })
  })

  it.each([
    ['from 2021', Date.UTC(2021, 0, 1), 'Signature expired.'],
    ['older than five minutes', NOW - MAX_AGE_MS - 1, 'Signature expired.'],
    ['from 2100', Date.UTC(2100, 0, 1), 'Signature from the future.'],
  ])('refuses a signature %s', async (_, timestamp, message) => {
    expect(await verifyWebhook(await delivery(body, { timestamp }), SECRET, { replays: memoryReplayGuard(), now: NOW })).toEqual({ ok: false, status: 401, message })
  })

  it('refuses a wrong secret, a missing and a malformed signature, without naming the configuration', async () => {
    const replays = memoryReplayGuard()
    const results = [
      await verifyWebhook(await delivery(body, { secret: 'wrong' }), SECRET, { replays, now: NOW }),
      await verifyWebhook(new Request('http://site.invalid/', { method: 'POST', body }), SECRET, { replays, now: NOW }),
      await verifyWebhook(new Request('http://site.invalid/', { method: 'POST', body, headers: { [SIGNATURE_HEADER_NAME]: 'nonsense' } }), SECRET, { replays, now: NOW }),
    ]
    expect(results.map((result) => (result.ok ? 200 : result.status))).toEqual([401, 401, 401])
    for (const result of results) expect(JSON.stringify(result)).not.toMatch(/SANITY|SECRET|env/i)
  })

  it('refuses a body over the limit by its declared length before reading, and while reading', async () => {
    const big = 'x'.repeat(MAX_WEBHOOK_BYTES + 1)
    const declared = new Request('http://site.invalid/', { method: 'POST', body: '{}', headers: { 'content-length': String(MAX_WEBHOOK_BYTES + 1) } })
    expect(await verifyWebhook(declared, SECRET, { replays: memoryReplayGuard(), now: NOW })).toMatchObject({ ok: false, status: 413 })
    expect(await verifyWebhook(await delivery(big), SECRET, { replays: memoryReplayGuard(), now: NOW })).toMatchObject({ ok: false, status: 413 })
  })
})

describe('sharedReplayGuard', () => {
  it('refuses a delivery another instance already claimed, and falls back to its own memory when the store fails', async () => {
    const claimed = new Set<string>()
    const claim = async (key: string) => {
      if (claimed.has(key)) return false
      claimed.add(key)
      return true
    }
    const instanceA = sharedReplayGuard(claim)
    const instanceB = sharedReplayGuard(claim)
    expect(await instanceA.firstSeen('delivery-1')).toBe(true)
    expect(await instanceB.firstSeen('delivery-1')).toBe(false)
    const failing = sharedReplayGuard(async () => {
      throw new Error('Redis down')
    })
    expect(await failing.firstSeen('delivery-2')).toBe(true)
    expect(await failing.firstSeen('delivery-2')).toBe(false)
  })
})
