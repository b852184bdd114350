import { describe, expect, it } from 'vitest'
import { keptSource, personalizationHeader, parsePersonalizationHeader, sourceCookie } from './header'

const rules = [
  { match: 'campaign', value: 'termites fall', phone: '+12145550177' },
  { match: 'state', value: 'TX', phone: '+12145550103' },
] as const

describe('the kept campaign', () => {
  it('round-trips through its cookie while the rule exists', () => {
    const cookie = sourceCookie('campaign:termites fall').split(';')[0]!
    expect(cookie).toBe('lpe_src=campaign%3Atermites%20fall')
    expect(keptSource(`a=1; ${cookie}`, rules)).toBe('campaign:termites fall')
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
