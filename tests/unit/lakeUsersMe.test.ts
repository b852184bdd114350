import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { studioAuth } from '../../web/lib/campaigns/studioAuth'

/** The local Content Lake answers users/me like Sanity, so the Calls report can verify the Studio's editor. */
describe('the local Content Lake’s users/me', () => {
  let lake: LocalLake
  beforeAll(async () => {
    lake = await startLocalLake({ documents: [] })
  })
  afterAll(() => lake?.close())

  it('is nobody without a token, the local editor with the token the Studio signs in with, and refuses any other', async () => {
    const url = `${lake.url}/v2025-06-01/users/me`
    expect(await (await fetch(url)).json()).toEqual({})
    expect(await (await fetch(url, { headers: { authorization: `Bearer ${lake.editorToken}` } })).json()).toMatchObject({ name: 'Local Editor' })
    const forged = await fetch(url, { headers: { authorization: 'Bearer forged-token' } })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ message: 'Session not found' })
    const auth = studioAuth({ url })
    expect(await auth.verify(lake.editorToken)).toMatchObject({ name: 'Local Editor' })
    expect(await auth.verify('forged-token')).toBeNull()
  })
})
