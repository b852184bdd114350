import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSite, type NextServer } from './nextServer'

/**
 * A pool number only for an ad visit the server saw, on both hosts (`npm start` and plain `next start`) on the
 * call-tracking demo dataset: an ad landing's answer carries its landing token in a private Set-Cookie scoped
 * to /api/voice (never in the HTML, which stays shared); 25 lease asks without it hold nothing, from many
 * loopback networks; the real visitor with a gclid then gets a number.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const DEMO = path.join(ROOT, 'studio/dataset/call-tracking-demo.ndjson')
const POOL = ['+13125550161', '+13125550162', '+13125550163', '+13125550164']
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const folder = mkdtempSync(path.join(tmpdir(), 'outsiders-e2e-'))
const sites: Record<'site' | 'next', NextServer | undefined> = { site: undefined, next: undefined }

beforeAll(async () => {
  const env = (name: string) => ({ CONTENT_DATASET_FILE: DEMO, TWILIO_AUTH_TOKEN: 'e2e-outsiders', CALL_LOG_FILE: path.join(folder, `${name}.sqlite`) })
  ;[sites.site, sites.next] = await Promise.all([startSite(4201, env('site')), startSite(4202, env('next'), 'next')])
}, 180_000)

afterAll(async () => {
  await Promise.all([sites.site?.stop(), sites.next?.stop()])
  rmSync(folder, { recursive: true, force: true })
})

/** One request from a loopback address of its own (the socket's under `npm start`; X-Forwarded-For, as a proxy in front would set it, under `next start`). */
function send(port: number, method: string, target: string, from: string, { cookie, body }: { cookie?: string; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'user-agent': PHONE_UA, 'x-forwarded-for': from, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) }
    const request = http.request({ host: '127.0.0.1', port, localAddress: from, method, path: target, agent: false, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('error', reject)
    request.end(body)
  })
}

const leaseBody = JSON.stringify({ page: '/ants', variantKey: '', campaign: 'made-up', source: 'google', lease: '' })
const landingCookie = (headers: http.IncomingHttpHeaders) => [headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('lpe_land='))

describe.each(['site', 'next'] as const)('the landing token on %s', (host) => {
  const port = host === 'site' ? 4201 : 4202

  it('goes with an ad landing only, privately, never in the page; without it 25 asks lease nothing and the real gclid visitor gets a number', async () => {
    const landing = await send(port, 'GET', '/ants?gclid=E2E-outsider-real', '127.0.77.1')
    expect(landing.status).toBe(200)
    const cookie = landingCookie(landing.headers)
    expect(cookie).toMatch(/; Path=\/api\/voice; Max-Age=86400; SameSite=Lax; HttpOnly$/)
    expect(String(landing.headers['cache-control'])).toMatch(/private/)
    expect(landing.text).not.toContain(cookie!.split(';')[0]!.split('=')[1]!)
    // A second landing gets a token of its own; a visit not from an ad gets none.
    expect(landingCookie((await send(port, 'GET', '/ants?gclid=E2E-outsider-real', '127.0.77.2')).headers)).not.toBe(cookie)
    expect(landingCookie((await send(port, 'GET', '/ants', '127.0.77.3')).headers)).toBeUndefined()

    const answers = []
    for (let i = 0; i < 25; i++) answers.push(JSON.parse((await send(port, 'POST', '/api/voice/lease', `127.${80 + (i % 5)}.0.${1 + i}`, { body: leaseBody })).text) as { number: string | null })
    expect(answers.filter((answer) => answer.number !== null)).toEqual([])
    const real = JSON.parse((await send(port, 'POST', '/api/voice/lease', '127.0.77.1', { body: leaseBody, cookie: cookie!.split(';')[0]! })).text) as { number: string | null }
    expect(POOL).toContain(real.number)
  })
})
