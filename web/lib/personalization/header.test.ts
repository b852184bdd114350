import { describe, expect, it } from 'vitest'
import { armCookie, keptArm, keptArmVisitor, keptSource, sourceCookie } from './header'
import { enrollmentSignature } from './enrollment'

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

describe('the version cookie', () => {
  const experiment = { name: 'spring', arms: [{ key: 'a', weight: 1 }, { key: 'b', weight: 1 }] }

  it('keeps the version and a visitor id of its own, signed', () => {
    const cookie = armCookie(experiment, 'b').split(';')[0]!
    expect(cookie).toMatch(/^lpe_ab_spring=b\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
    const visitor = cookie.split('.')[1]
    expect(keptArmVisitor(cookie, experiment)).toEqual({ arm: 'b', visitor })
    expect(keptArm(cookie, experiment)).toBe('b')
    expect(armCookie(experiment, 'a')).not.toBe(armCookie(experiment, 'a'))
  })

  it('keeps nothing for a minted, tampered, unsigned or foreign value', () => {
    const visitor = 'AAAAAAAAAAAAAAAAAAAAAA'
    const genuine = armCookie(experiment, 'a', visitor).split(';')[0]!
    const signature = genuine.split('.')[2]!
    expect(keptArmVisitor(genuine, experiment)).toEqual({ arm: 'a', visitor })
    // Unsigned (the old form), and an id alone.
    expect(keptArmVisitor('lpe_ab_spring=a', experiment)).toBeUndefined()
    expect(keptArmVisitor(`lpe_ab_spring=a.${visitor}`, experiment)).toBeUndefined()
    // Minted with another secret, the version or the id changed under a genuine signature.
    expect(keptArmVisitor(`lpe_ab_spring=b.${visitor}.${enrollmentSignature('spring', 'b', visitor, 'not-the-site-secret')}`, experiment)).toBeUndefined()
    expect(keptArmVisitor(`lpe_ab_spring=b.${visitor}.${signature}`, experiment)).toBeUndefined()
    expect(keptArmVisitor(`lpe_ab_spring=a.BAAAAAAAAAAAAAAAAAAAAA.${signature}`, experiment)).toBeUndefined()
    // Another test's genuine cookie under this test's name.
    const foreign = armCookie({ name: 'autumn' }, 'a', visitor).split(';')[0]!.replace('lpe_ab_autumn', 'lpe_ab_spring')
    expect(keptArmVisitor(foreign, experiment)).toBeUndefined()
    // A version the test does not have, even signed.
    expect(keptArmVisitor(armCookie(experiment, 'z', visitor).split(';')[0]!, experiment)).toBeUndefined()
    expect(keptArmVisitor(`lpe_ab_spring=a.<script>.${signature}`, experiment)).toBeUndefined()
  })
})
