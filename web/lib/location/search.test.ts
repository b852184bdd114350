import { describe, expect, it } from 'vitest'
import { bundledLocationTable } from './bundled'
import { searchPlaces } from './search'

describe('the place search', () => {
  it('finds places by the start of their name first, then by a part of it, with their codes', () => {
    const found = searchPlaces(bundledLocationTable(), 'dallas')
    expect(found).toContainEqual({ code: '1026339', label: 'Dallas, TX' })
    expect(found[0]!.label).toMatch(/^Dallas, /)
    expect(found.every((place) => place.label.toLowerCase().includes('dallas'))).toBe(true)
    expect(searchPlaces(bundledLocationTable(), 'd')).toEqual([])
    expect(searchPlaces(bundledLocationTable(), 'Orange County').map((place) => place.label)).toContain('Orange County, CA')
  })
})
