import { describe, expect, it } from 'vitest'
import { encodeVariant } from '../personalization/variant'
import { parseTap, type ClaimedTap } from './tap'
import { verifiedTap, type ServedFacts } from './verify'

const SITE_NUMBER = '+12125550123'
const CAMPAIGN_NUMBER = '+12145550177'
const experiment = { name: 'spring-headline', arms: [{ key: 'a', weight: 50 }, { key: 'b', weight: 50 }] }
const VISITOR = 'AAAAAAAAAAAAAAAAAAAAAA'
const route: ServedFacts['route'] = { id: 'spring', fields: ['keyword', 'location'], experiment, trackingNumbers: [{ match: 'source', value: 'bing', phone: CAMPAIGN_NUMBER }] }
const facts = (overrides: Partial<ServedFacts> = {}): ServedFacts => ({ routed: true, route, numbers: new Set([SITE_NUMBER, CAMPAIGN_NUMBER]), kept: { arm: 'a', visitor: VISITOR }, ...overrides })

function claimed(overrides: Partial<ClaimedTap> = {}): ClaimedTap {
  return { at: '2026-11-24T12:00:00.000Z', page: '/spring', source: 'hero-button', keyword: '', location: '', variant: '', variantKey: '', experiment: '', arm: '', number: SITE_NUMBER, clickId: false, ...overrides }
}

describe('verifiedTap: a tap records what the server served', () => {
  it('records the version of the visitor’s own cookie, whatever the body says', () => {
    const { tap, served } = verifiedTap(claimed({ experiment: 'spring-headline', arm: 'b' }), facts())
    expect(tap).toMatchObject({ experiment: 'spring-headline', arm: 'a' })
    expect(served).toEqual({ experiment, arm: 'a', visitor: VISITOR })
  })

  it('records no experiment when the page runs none, or the visitor has no version cookie', () => {
    const notRunning = verifiedTap(claimed({ experiment: 'spring-headline', arm: 'b' }), facts({ route: { id: 'spring', fields: [] } }))
    expect(notRunning.tap).toMatchObject({ experiment: '', arm: '' })
    expect(notRunning.served).toBeUndefined()
    const noCookie = verifiedTap(claimed({ experiment: 'spring-headline', arm: 'b' }), facts({ kept: undefined }))
    expect(noCookie.tap).toMatchObject({ experiment: '', arm: '' })
    expect(noCookie.served).toBeUndefined()
  })

  it('stores only a number of the site: Site settings’ or a tracking number', () => {
    expect(verifiedTap(claimed({ number: CAMPAIGN_NUMBER }), facts()).tap.number).toBe(CAMPAIGN_NUMBER)
    expect(verifiedTap(claimed({ number: '+13105550100' }), facts()).tap.number).toBe('')
  })

  it('stores only a routed page', () => {
    expect(verifiedTap(claimed({ page: '/wp-login.php' }), facts({ routed: false, route: undefined })).tap).toMatchObject({ page: '', experiment: '' })
  })

  it('takes keyword and location from the variant the server rendered, never from the body', () => {
    const variant = encodeVariant({ keyword: 'termite treatment', location: 'Dallas, TX' })
    const { tap } = verifiedTap(claimed({ variantKey: variant, variant: 'anything', keyword: 'Free Money', location: 'Nowhere, ZZ' }), facts())
    expect(tap).toMatchObject({ keyword: 'Termite Treatment', location: 'Dallas, TX', variant: 'spring' })
    expect(tap).not.toHaveProperty('variantKey')
    const plain = verifiedTap(claimed({ keyword: 'Free Money', location: 'Nowhere, ZZ' }), facts())
    expect(plain.tap).toMatchObject({ keyword: '', location: '', variant: '' })
  })

  it('drops a variant of inputs the page does not read, an unapproved keyword, and a hand-made variant', () => {
    const variant = encodeVariant({ keyword: 'wasp removal' })
    expect(verifiedTap(claimed({ variantKey: variant }), facts({ route: { ...route!, fields: ['location'] } })).tap.keyword).toBe('')
    expect(verifiedTap(claimed({ variantKey: variant }), facts({ route: { ...route!, approvedKeywords: ['termite treatment'] } })).tap.keyword).toBe('')
    const forged = Buffer.from(JSON.stringify(['<b>Free</b>', '', '', 0, '', ''])).toString('base64url')
    expect(verifiedTap(claimed({ variantKey: forged, variant: 'spring' }), facts()).tap).toMatchObject({ keyword: '', variant: '' })
  })
})

describe('stored text is never a formula', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\t=1+1'])('strips the formula start of %j', (value) => {
    const tap = parseTap({ page: '/ants', source: 'hero-button', keyword: value, location: value, variant: value, experiment: value, arm: value })!
    for (const field of [tap.keyword, tap.location, tap.variant, tap.experiment, tap.arm]) expect(field).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('keeps a valid E.164 number (a "+" and digits only)', () => {
    expect(parseTap({ page: '/ants', source: 'hero-button', number: '+12125550123' })!.number).toBe('+12125550123')
    expect(parseTap({ page: '/ants', source: 'hero-button', number: '+1212555012=' })!.number).toBe('')
  })
})
