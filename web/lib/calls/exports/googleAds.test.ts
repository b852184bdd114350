import { describe, expect, it } from 'vitest'
import { readConfig } from '../../config'
import { openVoiceDb } from '../store/db'
import { exportConversions, feedAccess, feedCredentialsMatch, parseSince } from './exportConversions'
import { budgetLimiter } from '../../taps/rateLimit'
import { BRAID_HEADER, conversionFile, GCLID_HEADER, localTime, sha256Hex } from './googleAds'
import { voiceSettings } from '../settings'
import { leaseNumber, recordIncoming, recordOutcome, type VisitFacts } from '../store/store'

const POOL = ['+13125550161', '+13125550162', '+13125550163', '+13125550164']
const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', pool: POOL, timeZone: 'America/Chicago', conversionName: 'Qualified call', conversionValue: 50, conversionCurrency: 'USD' })
const DAY = 86_400_000
const NO_OUTCOME = { outcome: '' as const, outcomeReason: '', outcomeBy: '', bookedValue: null, recordingSid: null, recordingSeconds: null, payout: null }
const visit = (clickKind: VisitFacts['clickKind'], clickId: string): VisitFacts => ({ page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: '', clickKind, clickId })

/** One call through the store as the webhooks record it: lease (if any) at `at`, call a minute later. */
async function seed() {
  const db = await openVoiceDb(':memory:')
  const now = Date.UTC(2026, 10, 25, 18, 30, 0)
  const rules = { pool: POOL, campaignNumbers: new Map<string, string>(), minTalkSeconds: 60, firstCallerDays: 30 }
  let n = 0
  async function call(facts: VisitFacts | null, at: number, talk: number, from = `+1415555${String(100 + n).padStart(4, '0')}`) {
    const number = facts ? (await leaseNumber(db, POOL, facts, at, 0))!.number : '+18885550142'
    const callSid = `CA${String(++n).padStart(32, '0')}`
    await recordIncoming(db, { callSid, to: number, from, callerKey: from, at: at + 60_000 }, rules)
    await recordOutcome(db, { callSid, to: number, from, callerKey: from, dialStatus: 'completed', talkSeconds: talk, at: at + 60_000 + talk * 1000 }, rules)
    // The number rests, so the next visit may take it.
    await db.updateTable('voice_pool').set({ leased_until: 0 }).execute()
    return callSid
  }
  await call(visit('gclid', 'EAIaIQobChMI-qualified'), now - 2 * 3_600_000, 95)
  await call(visit('gclid', 'EAIaIQobChMI-short'), now - 3_600_000, 45)
  await call(null, now - 3_000_000, 120)
  await call(visit('', ''), now - 2_000_000, 120) // an opted-out visit: the lease kept no click id
  await call(visit('gclid', 'EAIaIQobChMI-old'), now - 91 * DAY, 200)
  await call(visit('gbraid', 'GBRAID-1'), now - 1_000_000, 90)
  await call(visit('wbraid', 'WBRAID-1'), now - 900_000, 90)
  // The same click's second qualified call (another caller): once per click and name.
  await db.updateTable('voice_pool').set({ leased_until: 0 }).execute()
  return { db, now }
}

describe('Google Ads offline click conversions', () => {
  it('writes Google’s template: the time zone row, the header, one row per qualified gclid call in local time', async () => {
    const { db, now } = await seed()
    const file = await exportConversions(db, settings, 'gclid', 0, now)
    const lines = file.csv.split('\n')
    expect(lines[0]).toBe('Parameters:TimeZone=America/Chicago')
    expect(lines[1]).toBe('Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency,Order ID')
    // 16:30 UTC + 1 min = 10:31 in Chicago (CST, UTC−6) on 25 Nov.
    expect(lines.slice(2)).toEqual(['EAIaIQobChMI-qualified,Qualified call,2026-11-25 10:31:00,50,USD,CA00000000000000000000000000000001', ''])
    expect(file.tooOld.map((call) => call.clickId)).toEqual(['EAIaIQobChMI-old'])
    // Asked again: the same bytes (the feed and the CLI agree, and a click is never counted twice).
    expect((await exportConversions(db, settings, 'gclid', 0, now)).csv).toBe(file.csv)
    expect(await db.selectFrom('voice_exports').select(['click_id', 'conversion_name']).execute()).toEqual([{ click_id: 'EAIaIQobChMI-qualified', conversion_name: 'Qualified call' }])
  })

  it('puts GBRAID and WBRAID clicks in a file of their own', async () => {
    const { db, now } = await seed()
    const lines = (await exportConversions(db, settings, 'braid', 0, now)).csv.trim().split('\n')
    expect(lines[1]).toBe(BRAID_HEADER)
    expect(lines.slice(2)).toEqual(['GBRAID-1,,Qualified call,2026-11-25 12:14:20,50,USD,CA00000000000000000000000000000006', ',WBRAID-1,Qualified call,2026-11-25 12:16:00,50,USD,CA00000000000000000000000000000007'])
  })

  it('writes a click id byte for byte, one starting with "-" or "=" too, and quotes only what CSV must', async () => {
    const call = { callSid: 'CA1', trackingNumber: POOL[0]!, caller: null, startedAt: Date.UTC(2026, 6, 1, 12), status: 'answered' as const, talkSeconds: 90, qualified: true, firstTime: true, leaseId: 'x', landedAt: Date.UTC(2026, 6, 1, 11), ...NO_OUTCOME }
    const ids = ['-Cj0KCQiA_x-y', '=1+2', '--', 'EAIa,IQ"b']
    const file = conversionFile(ids.map((id, index) => ({ ...call, callSid: `CA${index}`, ...visit('gclid', id) })), settings, 'gclid', call.startedAt + DAY)
    expect(file.csv.split('\n').slice(2, -1).map((line) => line.split(',Qualified call')[0])).toEqual(['-Cj0KCQiA_x-y', '=1+2', '--', '"EAIa,IQ""b"'])
    // Through the store too: a lease keeps the id as received and the export hands it over unchanged.
    const db = await openVoiceDb(':memory:')
    const at = Date.UTC(2026, 10, 25, 12)
    const lease = (await leaseNumber(db, POOL, visit('gclid', '-Cj0KCQ-dash'), at, 0))!
    const rules = { pool: POOL, campaignNumbers: new Map<string, string>(), minTalkSeconds: 60, firstCallerDays: 30 }
    const sid = `CA${'d'.repeat(32)}`
    await recordIncoming(db, { callSid: sid, to: lease.number, from: '+14155550100', callerKey: 'k', at: at + 1000 }, rules)
    await recordOutcome(db, { callSid: sid, to: lease.number, from: '+14155550100', callerKey: 'k', dialStatus: 'completed', talkSeconds: 90, at: at + 91_000 }, rules)
    const exported = await exportConversions(db, settings, 'gclid', 0, at + DAY)
    expect(exported.csv.split('\n')[2]).toBe(`-Cj0KCQ-dash,Qualified call,2026-11-25 06:00:01,50,USD,${sid}`)
    await db.destroy()
  })

  it('counts a click once per conversion name, and never writes a caller’s number; enhanced conversions hash it', () => {
    const call = { callSid: 'CA1', trackingNumber: POOL[0]!, caller: '+14155550123', startedAt: Date.UTC(2026, 6, 1, 12), status: 'answered' as const, talkSeconds: 90, qualified: true, firstTime: true, leaseId: 'x', landedAt: Date.UTC(2026, 6, 1, 11), ...NO_OUTCOME, ...visit('gclid', 'G1') }
    const twice = conversionFile([call, { ...call, callSid: 'CA2', startedAt: call.startedAt + 60_000 }], settings, 'gclid', call.startedAt + DAY)
    expect(twice.csv).toBe(`Parameters:TimeZone=America/Chicago\n${GCLID_HEADER}\nG1,Qualified call,2026-07-01 07:00:00,50,USD,CA1\n`)
    expect(twice.csv).not.toContain('4155550123')
    // Data manager's HTTPS source: the column names first, no time zone row.
    expect(conversionFile([call], settings, 'gclid', call.startedAt + DAY, { headerFirst: true }).csv).toBe(`${GCLID_HEADER}\nG1,Qualified call,2026-07-01 07:00:00,50,USD,CA1\n`)
    expect(conversionFile([call], settings, 'enhanced', call.startedAt).rows).toEqual([])
    const enhanced = conversionFile([call], { ...settings, enhancedConversions: true }, 'enhanced', call.startedAt)
    expect(enhanced.csv.split('\n')[2]).toBe(`${sha256Hex('+14155550123')},Qualified call,2026-07-01 07:00:00,50,USD`)
    expect(sha256Hex('+14155550123')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('formats local time across daylight saving and quotes a name with a comma', () => {
    expect(localTime(Date.UTC(2026, 2, 8, 8, 0, 0), 'America/New_York')).toBe('2026-03-08 04:00:00')
    expect(localTime(Date.UTC(2026, 2, 8, 6, 59, 59), 'America/New_York')).toBe('2026-03-08 01:59:59')
    const call = { callSid: 'CA1', trackingNumber: POOL[0]!, caller: null, startedAt: Date.UTC(2026, 6, 1, 12), status: 'answered' as const, talkSeconds: 90, qualified: true, firstTime: true, leaseId: 'x', landedAt: null, ...NO_OUTCOME, ...visit('gclid', 'G1') }
    expect(conversionFile([call], { ...settings, conversionName: 'Call, qualified' }, 'gclid', call.startedAt).csv).toContain('G1,"Call, qualified",')
  })

  it('guards the feed with basic auth: 404 unset, mismatch refused, the pair accepted', () => {
    const feed = readConfig({ CONVERSIONS_FEED_USER: 'ads', CONVERSIONS_FEED_PASSWORD: 's3cret' }).conversionsFeed
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`
    expect(feedCredentialsMatch(basic('ads:s3cret'), readConfig({}).conversionsFeed)).toBeNull()
    expect(feedCredentialsMatch(null, feed)).toBe(false)
    expect(feedCredentialsMatch(basic('ads:wrong'), feed)).toBe(false)
    expect(feedCredentialsMatch('Bearer abc', feed)).toBe(false)
    expect(feedCredentialsMatch(basic('ads:s3cret'), feed)).toBe(true)
    expect(parseSince('2026-11-01')).toBe(Date.UTC(2026, 10, 1))
    expect(parseSince('yesterday')).toBeNull()
  })

  it('answers the right feed credentials after 330 wrong passwords from 12 networks, and refuses only the guessing networks', () => {
    const env = readConfig({ CONVERSIONS_FEED_USER: 'google', CONVERSIONS_FEED_PASSWORD: 'right-horse-battery' }).conversionsFeed
    const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`
    const failures = budgetLimiter({ name: 'feed', perAddress: 10, perNetwork: 30, total: Infinity, windowMs: 60_000, log: () => {} })
    const answers = new Map<string, number>()
    for (let i = 0; i < 330; i++) {
      const access = feedAccess(basic(`google:guess-${i}`), `127.${40 + (i % 12)}.0.1`, failures, env)
      answers.set(access, (answers.get(access) ?? 0) + 1)
    }
    expect(answers.get('allowed')).toBeUndefined()
    expect(answers.get('too many wrong')).toBeGreaterThan(0)
    // Google, from one of the guessing networks and from its own: let in.
    expect(feedAccess(basic('google:right-horse-battery'), '127.40.0.1', failures, env)).toBe('allowed')
    expect(feedAccess(basic('google:right-horse-battery'), '127.99.0.1', failures, env)).toBe('allowed')
    // A wrong password from a network that guessed nothing is still told it is wrong, not "too many".
    expect(feedAccess(basic('google:typo'), '127.98.0.1', failures, env)).toBe('wrong')
    expect(feedAccess(null, '127.98.0.1', failures, readConfig({}).conversionsFeed)).toBe('not set up')
  })
})
