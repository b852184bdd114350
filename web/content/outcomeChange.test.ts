import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { studioAuth } from '../lib/campaigns/studioAuth'
import { openVoiceDb } from '../lib/calls/store/db'
import { recordIncoming, recordOutcome } from '../lib/calls/store/store'
import { outcomeHistory } from '../lib/calls/outcomes/records'
import { answerOutcomeChange } from './outcomeChange'

/** Who may change what a call is worth: an administrator, or a role the owner names; never above the ceiling. */
let lake: LocalLake
beforeAll(async () => {
  lake = await startLocalLake({ documents: [] })
  lake.users.set('admin-token', { id: 'pAdmin', name: 'Olive Owner', role: 'administrator', roles: [{ name: 'administrator', title: 'Administrator' }] })
  lake.users.set('editor-token', { id: 'pEditor', name: 'Edna Editor', role: 'editor', roles: [{ name: 'editor', title: 'Editor' }] })
})
afterAll(() => lake.close())

describe('changing a call’s outcome by hand', () => {
  it('a Studio user without the administrator role gets 403; an administrator sets it, kept with their name; a value over the ceiling is refused', async () => {
    const db = await openVoiceDb(':memory:')
    const callSid = `CA${'7'.repeat(32)}`
    const at = Date.UTC(2026, 10, 25, 15)
    const rules = { pool: [], campaignNumbers: new Map<string, string>(), minTalkSeconds: 60, firstCallerDays: 30 }
    await recordIncoming(db, { callSid, to: '+13125550161', from: '+14155550123', callerKey: 'k', at }, rules)
    await recordOutcome(db, { callSid, to: '+13125550161', from: '+14155550123', callerKey: 'k', dialStatus: 'completed', talkSeconds: 95, at: at + 100_000 }, rules)
    const deps = (outcomeRoles: string[] = []) => ({ auth: studioAuth({ url: `${lake.url}/v2025-06-01/users/me` }), db: async () => db, rules: async () => ({ outcomeRoles, maxOutcomeValue: 10_000 }), now: at + 200_000 })
    const change = (token: string | null, body: unknown, roles?: string[]) => answerOutcomeChange({ authorization: token ? `Bearer ${token}` : null, body }, deps(roles))
    expect((await change(null, { call: callSid, outcome: 'booked', value: 99_999 })).status).toBe(401)
    expect((await change('forged', { call: callSid, outcome: 'booked', value: 99_999 })).status).toBe(401)
    const editor = await change('editor-token', { call: callSid, outcome: 'booked', value: 99_999 })
    expect(editor.status).toBe(403)
    expect((await change('admin-token', { call: callSid, outcome: 'booked', value: 99_999 })).status).toBe(400)
    expect(await outcomeHistory(db, callSid)).toEqual([])
    expect((await change('admin-token', { call: callSid, outcome: 'booked', value: 400 })).status).toBe(200)
    // The owner may name another role.
    expect((await change('editor-token', { call: callSid, outcome: 'spam' }, ['editor'])).status).toBe(200)
    expect((await outcomeHistory(db, callSid)).map((change) => [change.by, change.outcome, change.value])).toEqual([
      ['Olive Owner', 'booked', 400],
      ['Edna Editor', 'spam', null],
    ])
    await db.destroy()
  })
})
