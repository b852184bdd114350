import { describe, expect, it } from 'vitest'
import { armCookie } from './header'
import { cdnCacheControl, decideVisit, readVisit, visitCacheControl } from './visit'

const experiment = { name: 'spring', arms: [{ key: 'a', weight: 70 }, { key: 'b', weight: 30 }] }
const trackingNumbers = [{ match: 'campaign' as const, value: 'termites-fall', phone: '+12145550177' }]
const route = { experiment, trackingNumbers }
const none = new URLSearchParams()
const PHONE = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36'
const VISITOR = 'AAAAAAAAAAAAAAAAAAAAAA'
/** A genuine (signed) version cookie for this visitor: `lpe_ab_spring=<arm>.<id>.<signature>`. */
const keptCookie = (arm: string) => armCookie(experiment, arm, VISITOR).split(';')[0]!

describe('decideVisit: the proxy decides, on every host', () => {
  it('gives a first visit a version by weight and its cookie; the answer is private', () => {
    const low = decideVisit(route, undefined, PHONE, none, 0.1)
    expect(low.arm).toBe('a')
    expect(low.setCookies).toEqual([expect.stringMatching(/^lpe_ab_spring=a\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/)])
    expect(decideVisit(route, undefined, PHONE, none, 0.9).arm).toBe('b')
    expect(visitCacheControl(low)).toBe('private, no-store')
    expect(cdnCacheControl(low)).toBe('no-store')
  })

  it('keeps a kept version, sets nothing, and marks the copy as the visitor’s', () => {
    const kept = decideVisit(route, keptCookie('b'), PHONE, none, 0.1)
    expect(kept).toMatchObject({ arm: 'b', setCookies: [], shapedByCookie: true })
    expect(visitCacheControl(kept)).toBe('private, no-cache')
  })

  it('gives crawlers the control and no cookie, even with a kept version; no shared cache keeps that answer', () => {
    const crawler = decideVisit(route, keptCookie('b'), 'Mozilla/5.0 (compatible; Googlebot/2.1)', none, 0.1)
    expect(crawler.arm).toBeUndefined()
    expect(crawler.setCookies).toEqual([])
    expect(visitCacheControl(crawler)).toBeUndefined()
    // Shared, the crawler's control would be served to first visitors without their cookie.
    expect(cdnCacheControl(crawler)).toBe('no-store')
    // Counted as a bot excluded by whoever answers it (the request hook, or the front from its copy).
    expect(crawler.excludedBot).toBe('spring')
    expect(decideVisit(route, undefined, PHONE, none, 0.1).excludedBot).toBeUndefined()
  })

  it('keeps a landing’s campaign in a session cookie, clears it on another landing, and uses it on later pages', () => {
    const landing = decideVisit({ trackingNumbers }, undefined, PHONE, new URLSearchParams('utm_campaign=Termites+Fall'), 0)
    expect(landing.setCookies).toEqual(['lpe_src=campaign%3Atermites-fall; Path=/; SameSite=Lax; HttpOnly'])
    expect(landing.trackingSource).toBeUndefined()
    const later = decideVisit({ trackingNumbers }, 'lpe_src=campaign%3Atermites-fall', PHONE, none, 0)
    expect(later).toMatchObject({ trackingSource: 'campaign:termites-fall', setCookies: [], shapedByCookie: true })
    const other = decideVisit({ trackingNumbers }, 'lpe_src=campaign%3Atermites-fall', PHONE, new URLSearchParams('utm_campaign=spring'), 0)
    expect(other.setCookies).toEqual([expect.stringMatching(/^lpe_src=; Path=\/; Max-Age=0;/)])
    // The same landing again sets nothing new.
    expect(decideVisit({ trackingNumbers }, 'lpe_src=campaign%3Atermites-fall', PHONE, new URLSearchParams('utm_campaign=termites+fall'), 0).setCookies).toEqual([])
  })

  it('does nothing on a page without a test or tracking numbers', () => {
    expect(decideVisit({}, `${keptCookie('b')}; lpe_src=campaign%3Atermites-fall`, PHONE, none, 0.5)).toEqual({ unassigned: false, shapedByCookie: false, setCookies: [] })
  })
})

describe('readVisit: what the front may read', () => {
  it('never picks: a first visit is unassigned (the request goes to the proxy)', () => {
    expect(readVisit(route, undefined, PHONE, none)).toEqual({ unassigned: true, shapedByCookie: false })
  })

  it('reads cookies with the same parser as the proxy, a space before "=" included', () => {
    const reading = readVisit(route, `${keptCookie('a')}; lpe_src =campaign%3Atermites-fall`, PHONE, none)
    expect(reading).toMatchObject({ arm: 'a', trackingSource: 'campaign:termites-fall', shapedByCookie: true })
    expect(decideVisit(route, `${keptCookie('a')}; lpe_src =campaign%3Atermites-fall`, PHONE, none, 0.9)).toMatchObject({ arm: 'a', trackingSource: 'campaign:termites-fall' })
  })
})
