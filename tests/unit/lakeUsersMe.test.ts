import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { LOCAL_EDITOR_TOKEN } from '../../scripts/lake/usersMe'
import { studioAuth } from '../../web/lib/campaigns/studioAuth'

/** The local Content Lake answers users/me like Sanity: the Calls report can verify its editor. */
describe('the local Content Lake’s users/me', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lake-users-'))
  let lake: LocalLake
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'production.ndjson'), '')
    lake = await startLocalLake({ dataDir: dir, persist: false })
  })
  afterAll(async () => {
    await lake?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('is the local editor without a token (the Studio here) and with its token; refuses any other token', async () => {
    const url = `${lake.url}/v2025-06-01/users/me`
    expect(await (await fetch(url)).json()).toMatchObject({ id: expect.any(String), name: 'Local Editor' })
    expect(await (await fetch(url, { headers: { authorization: `Bearer ${LOCAL_EDITOR_TOKEN}` } })).json()).toMatchObject({ name: 'Local Editor' })
    const forged = await fetch(url, { headers: { authorization: 'Bearer forged-token' } })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ message: 'Session not found' })
    const auth = studioAuth({ url })
    expect(await auth.verify(LOCAL_EDITOR_TOKEN)).toMatchObject({ name: 'Local Editor' })
    expect(await auth.verify('forged-token')).toBeNull()
  })
})
