import { describe, expect, it } from 'vitest'
import { armCookie, keptArm, keptArmVisitor, keptSource, personalizationHeader, parsePersonalizationHeader, sourceCookie } from './header'

const rules = [
  { match: 'campaign', value: 'termites-fall', phone: '+12145550177' },
  { match: 'state', value: 'TX', phone: '+12145550103' },
] as const

describe('the kept campaign', () => {
  it('round-trips through its cookie while the rule exists', () => {
    const cookie = sourceCookie('campaign:termites-fall').split(';')[0]!
    expect(cookie).toBe('lpe_src=campaign%3Atermites-fall')
    expect(keptSource(`a=1; ${cookie}`, rules)).toBe('campaign:termites-fall')
    expect(keptSource(cookie, rules.slice(1))).toBeUndefined()
  })

  it('refuses forged or broken values and states (a state is where the visitor is, not a landing)', () => {
    expect(keptSource('lpe_src=campaign%3Aspring', rules)).toBeUndefined()
    expect(keptSource('lpe_src=state%3ATX', rules)).toBeUndefined()
    expect(keptSource('lpe_src=%E0%A4%A', rules)).toBeUndefined()
    expect(sourceCookie('')).toMatch(/^lpe_src=; Path=\/; Max-Age=0;/)
  })
})

describe('the personalization header', () => {
  it('carries the tracking rules to the front, checked again on the way in', () => {
    const header = personalizationHeader({ fields: [], trackingNumbers: rules })
    expect(parsePersonalizationHeader(header)).toEqual({ fields: [], trackingNumbers: rules })
    const forged = encodeURIComponent(JSON.stringify({ fields: [], trackingNumbers: [{ match: 'campaign', value: 'x', phone: '<b>' }] }))
    expect(parsePersonalizationHeader(forged)).toEqual({ fields: [] })
  })
})

describe('the version cookie', () => {
  const experiment = { name: 'spring', arms: [{ key: 'a', weight: 1 }, { key: 'b', weight: 1 }] }

  it('keeps the version and a visitor id of its own', () => {
    const cookie = armCookie(experiment, 'b').split(';')[0]!
    expect(cookie).toMatch(/^lpe_ab_spring=b\.[A-Za-z0-9_-]{22}$/)
    const visitor = cookie.split('.')[1]
    expect(keptArmVisitor(cookie, experiment)).toEqual({ arm: 'b', visitor })
    expect(keptArm(cookie, experiment)).toBe('b')
    expect(armCookie(experiment, 'a')).not.toBe(armCookie(experiment, 'a'))
  })

  it('keeps an older value without an id, and refuses unknown versions and malformed ids', () => {
    expect(keptArmVisitor('lpe_ab_spring=a', experiment)).toEqual({ arm: 'a' })
    expect(keptArmVisitor('lpe_ab_spring=z.AAAAAAAAAAAAAAAAAAAAAA', experiment)).toBeUndefined()
    expect(keptArmVisitor('lpe_ab_spring=a.<script>', experiment)).toEqual({ arm: 'a' })
  })
})
