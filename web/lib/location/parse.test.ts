import { describe, expect, it } from 'vitest'
import { isLocationCode, parseCityState } from './parse'

describe('parseCityState', () => {
  it('splits "City, ST" on the comma and space', () => {
    expect(parseCityState('Los Angeles, CA')).toEqual({ city: 'Los Angeles', state: 'CA' })
    expect(parseCityState('Winston-Salem, NC')).toEqual({ city: 'Winston-Salem', state: 'NC' })
  })

  it('splits on the last comma so a place name may hold one', () => {
    expect(parseCityState('Lexington-Fayette, Urban County, KY')).toEqual({ city: 'Lexington-Fayette, Urban County', state: 'KY' })
  })

  it('rejects labels that are not "place, two-letter state"', () => {
    for (const bad of ['Dallas', 'Dallas,TX', ', TX', 'Dallas, Texas', 'Dallas, tx', '', null, undefined]) {
      expect(parseCityState(bad)).toBeNull()
    }
  })
})

describe('isLocationCode', () => {
  it('accepts digits only', () => {
    expect(isLocationCode('1026339')).toBe(true)
    for (const bad of ['', ' 1026339', '1026339 ', '10263a9', '-1', '1e5', '１２３', null]) expect(isLocationCode(bad)).toBe(false)
  })
})
