import { describe, expect, it } from 'vitest'
import { decideVisit } from '../../personalization/visit'
import { LANDING_COOKIE, landingToken, verifiedLanding } from '../../personalization/landing'
import { openVoiceDb } from '../store/db'
import { leaseForLanding } from './leaseGuard'
import { poolDays } from '../store/callQueries'
import { VOICE_DEFAULTS } from '../settings'
import type { VisitFacts } from '../store/types'

const SECRET = 'test-secret'
const POOL = Array.from({ length: 6 }, (_, index) => `+1312555016${index}`)
const LIMITS = { perNetwork: VOICE_DEFAULTS.poolPerNetwork, perAddress: VOICE_DEFAULTS.poolPerAddress }
const visit: VisitFacts = { page: '/ants', keyword: '', location: '', experiment: '', version: '', campaign: '', clickKind: 'gclid', clickId: 'Cj0-real' }
const ROUTE = { path: '/ants', landing: { campaigns: ['spring'] } }

/** The landing token the server hands a page it answered (the cookie's value, as the browser sends it back). */
function servedToken(query: string, userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)') {
  const { setCookies } = decideVisit(ROUTE, undefined, userAgent, new URLSearchParams(query), 0.5)
  const cookie = setCookies.find((line) => line.startsWith(`${LANDING_COOKIE}=`))
  return cookie ? verifiedLanding(cookie.split(';')[0]!.slice(LANDING_COOKIE.length + 1)) : undefined
}

describe('a pool number only for an ad visit the server saw', () => {
  it('gives a landing token only to an ad landing (a click id or a known campaign), in a cookie only the lease endpoint receives', () => {
    const { setCookies } = decideVisit(ROUTE, undefined, 'Mozilla/5.0', new URLSearchParams('gclid=Cj0-real'), 0.5)
    expect(setCookies).toEqual([expect.stringMatching(/^lpe_land=[^;]+; Path=\/api\/voice; Max-Age=86400; SameSite=Lax; HttpOnly$/)])
    expect(servedToken('utm_campaign=Spring')).toBeDefined()
    expect(servedToken('utm_campaign=made-up')).toBeUndefined()
    expect(servedToken('')).toBeUndefined()
    expect(servedToken('gclid=Cj0-real', 'Googlebot/2.1 (+http://www.google.com/bot.html)')).toBeUndefined()
    // A minted or tampered token verifies as nothing.
    const real = landingToken('/ants', Date.now(), SECRET)
    expect(verifiedLanding(real, SECRET)?.page).toBe('/ants')
    expect(verifiedLanding(real.replace('.', 'x.'), SECRET)).toBeUndefined()
    expect(verifiedLanding(landingToken('/ants', Date.now(), 'guessed'), SECRET)).toBeUndefined()
  })

  it('25 asks without a landing token lease nothing and are counted apart; a real gclid visitor gets a number; the caps hold', async () => {
    const db = await openVoiceDb(':memory:')
    const now = Date.now()
    const day = new Date(now).toISOString().slice(0, 10)
    const ask = (token: ReturnType<typeof servedToken>, client: string, leaseId = '') => leaseForLanding(db, POOL, 0, LIMITS, visit, { token, page: '/ants', leaseId, client }, SECRET, now)
    const forged = verifiedLanding(landingToken('/ants', now, 'guessed'), SECRET)
    for (let i = 0; i < 25; i++) expect(await ask(i % 2 ? forged : undefined, '127.7.0.1')).toEqual({ lease: null, refused: 'no landing token' })
    // A token for another page does not lease this one.
    expect(await leaseForLanding(db, POOL, 0, LIMITS, visit, { token: servedToken('gclid=x'), page: '/wasps', leaseId: '', client: '127.7.0.1' }, SECRET, now)).toMatchObject({ refused: 'no landing token' })
    const real = await ask(servedToken('gclid=Cj0-real'), '127.8.0.1')
    expect(POOL).toContain(real.lease?.number)
    expect(await poolDays(db, day)).toEqual([{ day, peak: 1, overflow: 0, refused: 26, unkept: 0 }])

    // One live lease per token: asking again with the same token gets the same number.
    const token = servedToken('gclid=again')
    const first = await ask(token, '127.9.0.1')
    expect((await ask(token, '127.9.0.1')).lease?.number).toBe(first.lease?.number)
    // Extending needs a landing token: the lease id alone extends nothing.
    expect((await ask(undefined, '127.9.0.1', first.lease!.id)).lease).toBeNull()
    // The same tab landing again (a reload of its ad address) moves its lease to the new token: same number,
    // no second number, and from then on only the new token extends it.
    const reloaded = verifiedLanding(landingToken('/ants', now + 5_000))
    expect((await ask(reloaded, '127.9.0.1', first.lease!.id)).lease).toMatchObject({ id: first.lease!.id, number: first.lease!.number })
    expect(await leaseForLanding(db, POOL, 0, LIMITS, { ...visit, page: '/wasps' }, { token, page: '/wasps', leaseId: first.lease!.id, client: '127.9.0.1' }, SECRET, now)).toMatchObject({ lease: null })
    // A token for another page takes nothing over, however new it is.
    const newerElsewhere = verifiedLanding(landingToken('/ants', now + 10_000))
    expect(await leaseForLanding(db, POOL, 0, LIMITS, { ...visit, page: '/wasps' }, { token: newerElsewhere, page: '/wasps', leaseId: first.lease!.id, client: '127.9.0.1' }, SECRET, now)).toMatchObject({ lease: null })

    // One address: at most 4 live leases however many pages it fetches.
    const fromOne = []
    for (let i = 0; i < 6; i++) fromOne.push(await ask(servedToken(`gclid=one-${i}`), '127.10.0.1'))
    expect(fromOne.filter((outcome) => outcome.lease).length).toBeLessThanOrEqual(LIMITS.perAddress)
    expect(fromOne.some((outcome) => !outcome.lease && 'refused' in outcome && outcome.refused === 'over an address cap')).toBe(true)
    await db.destroy()
  })

  it('counts the visits that wanted a number at once, served or not: the pool peak counts visits that found it full', async () => {
    const db = await openVoiceDb(':memory:')
    const now = Date.now()
    const day = new Date(now).toISOString().slice(0, 10)
    const pool = POOL.slice(0, 2)
    for (let i = 0; i < 5; i++) await leaseForLanding(db, pool, 0, LIMITS, visit, { token: servedToken(`gclid=visit-${i}`), page: '/ants', leaseId: '', client: `127.11.${i}.1` }, SECRET, now + i)
    // Five visits from five networks wanted a number at the same time; two were served.
    expect(await poolDays(db, day)).toEqual([{ day, peak: 5, overflow: 3, refused: 0, unkept: 0 }])
    await db.destroy()
  })

  it('a lease ends with its landing token however often it is extended, and asks count per network over a sliding window', async () => {
    const db = await openVoiceDb(':memory:')
    const landed = Date.UTC(2026, 10, 25, 15)
    const token = verifiedLanding(landingToken('/ants', landed))
    const at = (minutes: number) => landed + minutes * 60_000
    const ask = (minutes: number, leaseId = '', client = '127.20.0.1', with_ = token) => leaseForLanding(db, POOL, 0, LIMITS, visit, { token: with_, page: '/ants', leaseId, client }, SECRET, at(minutes))
    const first = await ask(1)
    expect(first.lease?.expiresAt).toBe(at(31))
    // A page extending every 5 minutes keeps its number, but never past the token's 2 hours.
    let held = first.lease!
    for (let minute = 6; minute <= 116; minute += 5) held = (await ask(minute, held.id)).lease!
    expect(held.expiresAt).toBe(at(120))
    expect((await ask(121, held.id)).lease).toBeNull()
    // Taking numbers one after another cannot pass the network's cap: every lease asked for within the window counts.
    const other = Date.UTC(2026, 10, 26, 15)
    const big = Array.from({ length: 20 }, (_, index) => `+13125550${String(200 + index)}`)
    const fromNetwork = []
    for (let i = 0; i < 12; i++) fromNetwork.push(await leaseForLanding(db, big, 0, { perNetwork: 8, perAddress: 100 }, visit, { token: verifiedLanding(landingToken('/ants', other + i)), page: '/ants', leaseId: '', client: `127.21.0.${i + 1}` }, SECRET, other + i))
    expect(fromNetwork.filter((outcome) => outcome.lease)).toHaveLength(8)
    expect(fromNetwork.filter((outcome) => 'refused' in outcome && outcome.refused === 'over a network cap')).toHaveLength(4)
    await db.destroy()
  })

  it('a pool full of numbers no page keeps alive is reported as such, not as demand', async () => {
    const db = await openVoiceDb(':memory:')
    const t = Date.UTC(2026, 10, 27, 15)
    const pool = POOL.slice(0, 2)
    for (let i = 0; i < 2; i++) await leaseForLanding(db, pool, 0, LIMITS, visit, { token: verifiedLanding(landingToken('/ants', t)), page: '/ants', leaseId: '', client: `127.30.${i}.1` }, SECRET, t)
    // Ten minutes on, neither page asked again (no heartbeat) and a real visitor finds the pool full.
    const later = t + 10 * 60_000
    expect((await leaseForLanding(db, pool, 0, LIMITS, visit, { token: verifiedLanding(landingToken('/ants', later)), page: '/ants', leaseId: '', client: '127.31.0.1' }, SECRET, later)).lease).toBeNull()
    expect(await poolDays(db, '2026-11-27')).toEqual([{ day: '2026-11-27', peak: 3, overflow: 1, refused: 0, unkept: 2 }])
    await db.destroy()
  })
})
