import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db/index'
import { recordIncoming, recordOutcome } from '../calls/store/store'
import { legsSince, recordLeg } from '../calls/store/legRecords'
import { readStatement } from '../calls/store/statements'
import { providerMonths, statementCsv } from '../providers/statement'
import { disputeCredits } from '../providers/credits'
import { callFacts } from '../calls/store/statements'
import { parseProvider } from '../providers/provider'
import { pausedProviders } from '../providers/pauses'
import { portalAuth, type PortalAuth } from './auth'
import { linkLimits } from './forms'
import { zonedDateTime } from './time'
import { providerCall, providerMonth, type ProviderScope } from './calls'
import { decideDispute, ownerDisputes } from './disputes'
import { portalWords } from './words'
import type { PortalContent } from './access'
import { exportConversions, exportGoogleAdjustments } from '../calls/exports/exportConversions'
import { voiceSettings } from '../calls/settings'
import { openDispute } from './disputes'

/**
 * The portal's library on a real store (SQLite) through Better Auth's own handler: the one-time link, the form
 * endpoints with their origin check, link limits, scoping to the signed-in provider, disputes and credits, pauses.
 */
const SITE = new URL('https://leads.example.com')
const T = Date.UTC(2026, 10, 20, 16)
const folder = mkdtempSync(path.join(tmpdir(), 'portal-'))
const sid = (n: number) => `CA${String(n).padStart(32, '0')}`
const dallas = parseProvider({ _id: 'provider-a', name: 'A Pest', phone: '+12145550101', active: true, zips: ['752'], places: ['1026339'] }, 60)
let content: PortalContent
let store: Store
let auth: PortalAuth
/** The same, with the site's own link limits (the other tests sign in often from few networks). */
let limited: PortalAuth
const links: { email: string; url: string }[] = []

beforeAll(async () => {
  store = await openStore({ sqlite: path.join(folder, 'calls.sqlite') })
  content = {
    providers: [
      { id: 'provider-a', name: 'A Pest', active: true, emails: ['a@a-pest.example'], timeZone: 'America/Chicago', provider: 'provider' in dallas ? dallas.provider : null },
      { id: 'provider-b', name: 'B Bugs', active: true, emails: ['b@b-bugs.example'], timeZone: 'America/Chicago', provider: null },
    ],
    brandName: 'Local Pest Experts',
    siteTimeZone: 'America/Chicago',
    disputeDays: 7,
    currency: 'USD',
    words: portalWords(null),
  }
  const setup = { db: store.db, dialect: 'sqlite' as const, siteUrl: SITE, siteSecret: 'a-long-site-secret-for-the-tests-0123456789', onVercel: false, content: async () => content, now: () => T + 86_400_000, sendLink: async (email: string, url: string) => void links.push({ email, url }) }
  auth = portalAuth({ ...setup, limits: linkLimits({ perAddress: 1000, perNetwork: 1000, perEmail: 1000 }) })
  limited = portalAuth({ ...setup, limits: linkLimits() })
  // Four routed calls: A answered two (one from El Paso, routed while A still served Texas), missed one; B answered one.
  const calls: [number, string, string, number, string][] = [
    [1, 'provider-a', 'answered', 95, '75201, TX'],
    [2, 'provider-a', 'answered', 120, '79901, TX'],
    [3, 'provider-a', 'no-answer', 0, '75201, TX'],
    [4, 'provider-b', 'answered', 100, '75201, TX'],
  ]
  for (const [n, providerId, outcome, talk, place] of calls) {
    const at = T + n * 60_000
    const call = { callSid: sid(n), to: '+13125550161', from: `+1214555${String(n).padStart(4, '0')}`, callerKey: `caller-${n}`, at }
    await recordIncoming(store.db, call, { pool: [], campaignNumbers: new Map() })
    await recordOutcome(store.db, { ...call, dialStatus: outcome === 'answered' ? 'completed' : 'no-answer', talkSeconds: talk, at: at + talk * 1000 }, { pool: [], campaignNumbers: new Map(), minTalkSeconds: 60, firstCallerDays: 30 })
    await recordLeg(store.db, { callSid: sid(n), seq: 0, providerId, providerName: providerId, outcome, talkSeconds: talk, ringSeconds: 7, billableSeconds: 60, payoutCents: 4000, place, pest: 'Ants', at, callerKey: `caller-${n}`, duplicateDays: 30 })
  }
})

afterAll(async () => {
  await store?.close()
  rmSync(folder, { recursive: true, force: true })
})

const form = (path: string, body: Record<string, string>, headers: Record<string, string> = {}, via = auth) =>
  via.handler(new Request(new URL(path, SITE), { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE.origin, 'x-forwarded-for': '203.0.113.7', ...headers } }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
const verify = (token: string) => auth.handler(new Request(new URL(`/portal/auth/magic-link/verify?token=${token}&callbackURL=/portal&errorCallbackURL=${encodeURIComponent('/portal?signin=failed')}`, SITE), { headers: { 'x-forwarded-for': '203.0.113.7' } }))
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

async function signIn(email: string, client = '203.0.113.7'): Promise<string> {
  links.length = 0
  await form('/portal/auth/provider/sign-in', { email }, { 'x-forwarded-for': client })
  await settle()
  const response = await verify(tokenOf(links[0]!.url))
  return response.headers.get('set-cookie')!.split(';')[0]!
}

const scopeA = (now = T + 86_400_000): ProviderScope => ({ providerId: 'provider-a', timeZone: 'America/Chicago', siteTimeZone: 'America/Chicago', disputeDays: 7, now })

describe('signing in to the portal', () => {
  it('signs in from the e-mailed link once: a session cookie for /portal only, HttpOnly, SameSite=Lax, Secure, 30 days', async () => {
    links.length = 0
    const asked = await form('/portal/auth/provider/sign-in', { email: 'A@A-Pest.example' })
    expect(asked.status).toBe(302)
    expect(asked.headers.get('location')).toBe('https://leads.example.com/portal?signin=sent')
    await settle()
    expect(links.map((link) => link.email)).toEqual(['a@a-pest.example'])
    expect(links[0]!.url).toMatch(/^https:\/\/leads\.example\.com\/portal\/sign-in\?token=/)
    const first = await verify(tokenOf(links[0]!.url))
    expect(first.headers.get('location')).toBe('https://leads.example.com/portal')
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(/^__Secure-portal\.session_token=/)
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(cookie).toMatch(/Path=\/portal;/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Secure/)
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookie.split(';')[0]! }) })
    expect(session?.user.email).toBe('a@a-pest.example')
    const again = await verify(tokenOf(links[0]!.url))
    expect(again.headers.get('location')).toMatch(/\/portal\?signin=failed&error=INVALID_TOKEN$/)
    expect(again.headers.get('set-cookie') ?? '').not.toMatch(/session_token=[^;]/)
  })

  it('keeps the library’s own link request closed: links are asked for only through the portal’s form', async () => {
    links.length = 0
    const direct = await auth.handler(new Request(new URL('/portal/auth/sign-in/magic-link', SITE), { method: 'POST', body: JSON.stringify({ email: 'a@a-pest.example' }), headers: { 'content-type': 'application/json', origin: SITE.origin } }))
    expect(direct.status).toBe(404)
    await auth.api.signInMagicLink({ body: { email: 'stranger@example.com', callbackURL: '/portal' }, headers: new Headers() })
    await settle()
    expect(links).toEqual([])
  })

  it('refuses an expired link, and answers an unknown address exactly as a provider’s, sending nothing', async () => {
    links.length = 0
    await form('/portal/auth/provider/sign-in', { email: 'a@a-pest.example' }, { 'x-forwarded-for': '198.51.100.1' })
    await settle()
    // Sixteen minutes later: the link's row is past its expiry.
    await store.db.updateTable('portal_verification').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).execute()
    expect((await verify(tokenOf(links[0]!.url))).headers.get('location')).toMatch(/signin=failed/)
    links.length = 0
    const unknown = await form('/portal/auth/provider/sign-in', { email: 'nobody@example.com' }, { 'x-forwarded-for': '198.51.100.2' })
    const invalid = await form('/portal/auth/provider/sign-in', { email: 'not an address' }, { 'x-forwarded-for': '198.51.100.3' })
    await settle()
    expect([unknown.status, unknown.headers.get('location')]).toEqual([302, 'https://leads.example.com/portal?signin=sent'])
    expect(invalid.headers.get('location')).toBe('https://leads.example.com/portal?signin=sent')
    expect(links).toEqual([])
  })

  it('refuses the 21st and later of 50 link requests from one network, and mails an address at most 3 times in 15 minutes', async () => {
    links.length = 0
    const answers: string[] = []
    for (let i = 0; i < 50; i++) answers.push((await form('/portal/auth/provider/sign-in', { email: 'b@b-bugs.example' }, { 'x-forwarded-for': `192.0.2.${i + 1}` }, limited)).headers.get('location')!)
    await settle()
    expect(answers.filter((answer) => answer.endsWith('signin=sent'))).toHaveLength(20)
    expect(answers.filter((answer) => answer.endsWith('signin=busy'))).toHaveLength(30)
    expect(links).toHaveLength(3)
  })

  it('refuses a form posted from another origin, and a cross-site navigation to the sign-in form', async () => {
    const cookie = await signIn('a@a-pest.example', '203.0.113.20')
    const paused = await form('/portal/auth/provider/pause', { until: '' }, { cookie, origin: 'https://evil.example' })
    expect(paused.status).toBe(403)
    expect(await pausedProviders(store.db, Date.now())).toEqual(new Set())
    const crossSite = await form('/portal/auth/provider/sign-in', { email: 'a@a-pest.example' }, { origin: '', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })
    expect(crossSite.status).toBe(403)
  })

  it('ends a session when the owner removes the address, and on Sign out', async () => {
    const cookie = await signIn('a@a-pest.example', '203.0.113.21')
    content = { ...content, providers: content.providers.map((provider) => (provider.id === 'provider-a' ? { ...provider, emails: [] } : provider)) }
    const refused = await form('/portal/auth/provider/pause', {}, { cookie })
    expect(refused.headers.get('location')).toBe('https://leads.example.com/portal')
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull()
    content = { ...content, providers: content.providers.map((provider) => (provider.id === 'provider-a' ? { ...provider, emails: ['a@a-pest.example'] } : provider)) }
    const again = await signIn('a@a-pest.example', '203.0.113.22')
    await form('/portal/auth/provider/sign-out', {}, { cookie: again })
    expect(await auth.api.getSession({ headers: new Headers({ cookie: again }) })).toBeNull()
  })
})

describe('a provider’s own calls, disputes and pauses', () => {
  it('reads only its own calls: another provider’s call is not found, and its statement is the CLI’s', async () => {
    expect(await providerCall(store.db, scopeA(), sid(4))).toBeNull()
    expect(await providerCall(store.db, scopeA(), sid(1))).toMatchObject({ answered: true, caller: '(214) 555-0001' })
    const { calls, statement } = await providerMonth(store.db, scopeA(), '2026-11')
    expect(calls.map((call) => call.callSid)).toEqual([sid(3), sid(2), sid(1)])
    expect(calls[0]!.caller).toBe('(214) ***-**03')
    expect(statementCsv(statement)).toBe(statementCsv(await readStatement(store.db, '2026-11', 'America/Chicago', 'provider-a')))
    expect(statement.total).toBe(80)
  })

  it('credits "wrong area" at once where the caller’s ZIP is outside its areas; "other" waits for the owner, whose acceptance is a credit', async () => {
    const cookie = await signIn('a@a-pest.example', '203.0.113.30')
    const wrong = await form('/portal/auth/provider/dispute', { call: sid(2), reason: 'wrong-area', note: 'El Paso is not ours' }, { cookie })
    expect(wrong.headers.get('location')).toBe(`https://leads.example.com/portal/calls/${sid(2)}?dispute=credited`)
    const other = await form('/portal/auth/provider/dispute', { call: sid(1), reason: 'other', note: 'They wanted a plumber' }, { cookie })
    expect(other.headers.get('location')).toMatch(/dispute=opened$/)
    expect((await form('/portal/auth/provider/dispute', { call: sid(4), reason: 'other' }, { cookie })).status).toBe(404)
    expect((await readStatement(store.db, '2026-11', 'America/Chicago', 'provider-a')).total).toBe(40)
    const open = (await ownerDisputes(store.db, 0)).find((dispute) => dispute.status === 'open')!
    expect(open).toMatchObject({ callSid: sid(1), reason: 'other', note: 'They wanted a plumber', openedBy: 'a@a-pest.example' })
    await decideDispute(store.db, { id: open.id, accept: true, note: 'Agreed', by: 'Owner', at: T + 2 * 86_400_000 })
    const statement = await readStatement(store.db, '2026-11', 'America/Chicago', 'provider-a')
    expect(statement.total).toBe(0)
    expect(statement.credits.map((credit) => [credit.callSid, credit.amount])).toEqual([[sid(1), 40], [sid(2), 40]])
    expect(statementCsv(statement)).toContain(`${sid(1)},`)
    const steps = (await ownerDisputes(store.db, 0)).find((dispute) => dispute.callSid === sid(1))!.steps
    expect(steps.map((step) => [step.actor, step.action])).toEqual([['a@a-pest.example', 'opened'], ['Owner', 'accepted']])
    // The Calls tool's Providers view nets the same credits out.
    const legs = await legsSince(store.db, 0)
    const facts = await callFacts(store.db, [...new Set(legs.map((leg) => leg.callSid))])
    const months = providerMonths(legs, 'America/Chicago', facts, await disputeCredits(store.db, [...facts.keys()]))
    expect(months.find((row) => row.id === 'provider-a')).toMatchObject({ month: '2026-11', owed: 0, credits: 80 })
    // B's statement is untouched.
    expect((await readStatement(store.db, '2026-11', 'America/Chicago', 'provider-b')).total).toBe(40)
  })

  it('pauses new calls at once until resumed, and keeps away dates ahead', async () => {
    const cookie = await signIn('a@a-pest.example', '203.0.113.40')
    expect((await form('/portal/auth/provider/pause', { until: '', back: '/portal' }, { cookie })).headers.get('location')).toBe('https://leads.example.com/portal?pause=paused')
    expect(await pausedProviders(store.db, Date.now())).toEqual(new Set(['provider-a']))
    await form('/portal/auth/provider/resume', { back: '/portal/pause' }, { cookie })
    expect(await pausedProviders(store.db, Date.now())).toEqual(new Set())
    const ahead = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    expect((await form('/portal/auth/provider/away', { from: ahead, to: ahead }, { cookie })).headers.get('location')).toMatch(/pause=away$/)
    expect((await form('/portal/auth/provider/away', { from: ahead, to: '2020-01-01' }, { cookie })).headers.get('location')).toMatch(/pause=bad-dates$/)
    expect(await pausedProviders(store.db, Date.now())).toEqual(new Set())
    // Noon of that day where the provider is (its away dates are its own days), whatever the hour the test runs.
    expect(await pausedProviders(store.db, zonedDateTime(ahead, 'America/Chicago')! + 12 * 3_600_000)).toEqual(new Set(['provider-a']))
  })
})

describe('credits in the ad platforms’ files', () => {
  it('hands over no credited call, and retracts a call credited after it was handed over', async () => {
    const settings = voiceSettings({ enabled: true, businessLine: '+13125550150', routing: true, timeZone: 'America/Chicago' })
    for (const [n, place] of [[11, '75201, TX'], [12, '79901, TX']] as const) {
      const at = T + n * 60_000
      const call = { callSid: sid(n), to: '+13125550161', from: `+1214555${String(n).padStart(4, '0')}`, callerKey: `caller-${n}`, at }
      await recordIncoming(store.db, call, { pool: [], campaignNumbers: new Map() })
      await recordOutcome(store.db, { ...call, dialStatus: 'completed', talkSeconds: 95, at: at + 95_000 }, { pool: [], campaignNumbers: new Map(), minTalkSeconds: 60, firstCallerDays: 30 })
      await store.db.updateTable('voice_calls').set({ click_kind: 'gclid', click_id: `G-${n}`, outcome: 'lead' }).where('call_sid', '=', sid(n)).execute()
      await recordLeg(store.db, { callSid: sid(n), seq: 0, providerId: 'provider-a', providerName: 'A Pest', outcome: 'answered', talkSeconds: 95, ringSeconds: 5, billableSeconds: 60, payoutCents: 4000, place, pest: 'Ants', at, callerKey: `caller-${n}`, duplicateDays: 30 })
    }
    const provider = content.providers[0]!.provider
    // Call 12 is credited before any hand-over (its caller was in El Paso): never exported.
    expect((await openDispute(store.db, { providerId: 'provider-a', callSid: sid(12), reason: 'wrong-area', note: '', by: 'a@a-pest.example', at: T + 86_400_000, disputeDays: 7, provider })).status).toBe('credited')
    const now = T + 2 * 86_400_000
    const handed = await exportConversions(store.db, settings, 'gclid', 0, now)
    expect(handed.rows.map((row) => row.call.callSid)).toEqual([sid(11)])
    expect((await exportGoogleAdjustments(store.db, settings, now + 1)).rows).toEqual([])
    const opened = await openDispute(store.db, { providerId: 'provider-a', callSid: sid(11), reason: 'other', note: 'a plumber', by: 'a@a-pest.example', at: now + 60_000, disputeDays: 7, provider })
    if (opened.status !== 'opened') throw new Error(opened.status)
    await decideDispute(store.db, { id: opened.dispute.id, accept: true, note: '', by: 'Owner', at: now + 120_000 })
    const adjustments = await exportGoogleAdjustments(store.db, settings, now + 180_000)
    expect(adjustments.rows.map((row) => [row.call.callSid, row.type, row.at])).toEqual([[sid(11), 'RETRACTION', now + 120_000]])
    expect(adjustments.csv).toContain(`${sid(11)},Qualified call,RETRACTION,`)
  })
})
