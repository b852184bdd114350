import { describe, expect, it } from 'vitest'
import { exactNamePattern } from './testsAlone'

describe('exactNamePattern', () => {
  it('matches the full name and nothing that only contains it', () => {
    const name = 'tracking numbers > keeps the campaign’s number for the rest of the visit, until another landing'
    const pattern = new RegExp(exactNamePattern(name))
    expect(pattern.test(name)).toBe(true)
    expect(pattern.test(`${name} again`)).toBe(false)
    expect(pattern.test(`outer > ${name}`)).toBe(false)
  })

  it('takes every character of the name literally', () => {
    const name = 'odd targets > /?kw=wasp+removal&loc_physical_ms=1026339 (a $5 [test]) answers 200 | 405 * \\ {x}.'
    const pattern = new RegExp(exactNamePattern(name))
    expect(pattern.test(name)).toBe(true)
    expect(pattern.test(name.replace('wasp+removal', 'waspppremoval'))).toBe(false)
    expect(pattern.test(name.replace('.', 'x'))).toBe(false)
  })
})
