import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../../scripts/lake/server'
import { bearerToken, studioAuth, usersMeUrl } from './studioAuth'

describe('usersMeUrl', () => {
  it('asks the configured project, the configured API host, or the local Content Lake', () => {
    expect(usersMeUrl({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123', NEXT_PUBLIC_SANITY_API_VERSION: '2025-06-01' })).toBe('https://abc123.api.sanity.io/v2025-06-01/users/me')
    expect(usersMeUrl({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123', SANITY_API_HOST: 'http://127.0.0.1:4010/' })).toMatch(/^http:\/\/127\.0\.0\.1:4010\/v\d{4}-\d\d-\d\d\/users\/me$/)
    expect(usersMeUrl({})).toMatch(/^http:\/\/127\.0\.0\.1:3334\/v\d{4}-\d\d-\d\d\/users\/me$/)
    expect(usersMeUrl({ SANITY_LAKE_PORT: '4999' })).toMatch(/^http:\/\/127\.0\.0\.1:4999\//)
  })
})

describe('bearerToken', () => {
  it('reads a bearer token and nothing else', () => {
    expect(bearerToken('Bearer skAbc.123')).toBe('skAbc.123')
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull()
    expect(bearerToken('Bearer ')).toBeNull()
    expect(bearerToken('Bearer a b')).toBeNull()
    expect(bearerToken(`Bearer ${'x'.repeat(2001)}`)).toBeNull()
    expect(bearerToken(null)).toBeNull()
  })
})

describe('studioAuth against the Content Lake stand-in', () => {
  let lake: LocalLake
  beforeAll(async () => {
    lake = await startLocalLake({ documents: [] })
    lake.users.set('editor-token', { id: 'pEditor', name: 'Edna Editor', email: 'edna@example.com', role: 'editor', roles: [{ name: 'editor', title: 'Editor' }] })
  })
  afterAll(() => lake.close())

  it('speaks Sanity’s users/me: {} without a token, 401 for an unknown one, the user for a valid one', async () => {
    const url = `${lake.url}/v2025-06-01/users/me`
    const anonymous = await fetch(url)
    expect([anonymous.status, await anonymous.json()]).toEqual([200, {}])
    const forged = await fetch(url, { headers: { authorization: 'Bearer forged' } })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ statusCode: 401, message: 'Session not found' })
    const valid = await fetch(url, { headers: { authorization: 'Bearer editor-token' } })
    expect(await valid.json()).toMatchObject({ id: 'pEditor' })
  })

  it('accepts a valid token, refuses a forged one, and remembers only valid ones', async () => {
    const auth = studioAuth({ url: `${lake.url}/v2025-06-01/users/me` })
    expect(await auth.verify('forged')).toBeNull()
    expect(await auth.verify('editor-token')).toEqual({ id: 'pEditor', name: 'Edna Editor', roles: ['editor'] })
    const asked = lake.requests.filter((request) => request.endsWith('/users/me')).length
    expect(await auth.verify('editor-token')).toEqual({ id: 'pEditor', name: 'Edna Editor', roles: ['editor'] })
    expect(await auth.verify('forged')).toBeNull()
    expect(lake.requests.filter((request) => request.endsWith('/users/me')).length).toBe(asked + 1)
  })

  it('fails (not accepts) when the Content Lake errs', async () => {
    const auth = studioAuth({ url: `${lake.url}/v2025-06-01/users/me` })
    lake.failWith = 500
    await expect(auth.verify('editor-token')).rejects.toThrow(/users\/me answered 500/)
    lake.failWith = null
  })
})
