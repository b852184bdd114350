import { describe, expect, it } from 'vitest'
import { bundledPlaceData, parsePlaceData } from '../location/places'
import { placeSlugs, slugify } from './slugs'

describe('slugify', () => {
  it('drops accents, lowers case, and makes every run of other characters one hyphen', () => {
    expect(slugify("D'Hanis")).toBe('d-hanis')
    expect(slugify('Cañon City')).toBe('canon-city')
    expect(slugify('Winston-Salem')).toBe('winston-salem')
    expect(slugify('  St. Louis  ')).toBe('st-louis')
    expect(slugify('District of Columbia')).toBe('district-of-columbia')
  })
})

describe('placeSlugs', () => {
  it('gives places of one state that share a name their location code as a suffix, and every other place its name', () => {
    const data = parsePlaceData('1\tSpringfield\tMO\t\t\t\n2\tSpringfield\tMO\t\t\t\n3\tSpringfield\tIL\t\t\t\n4\tJoplin\tMO\t\t\t\n', 'MO\tMissouri\nIL\tIllinois\n')
    const slugs = placeSlugs(data)
    expect(slugs.slugOfPlace.get('1')).toBe('springfield-1')
    expect(slugs.slugOfPlace.get('2')).toBe('springfield-2')
    expect(slugs.slugOfPlace.get('3')).toBe('springfield')
    expect(slugs.placeBySlug.get('MO')!.get('joplin')!.code).toBe('4')
    expect(slugs.stateBySlug.get('missouri')).toBe('MO')
    expect(slugs.slugOfState.get('IL')).toBe('illinois')
  })

  it('gives every place of the location data an address of its own', () => {
    const data = bundledPlaceData()
    const slugs = placeSlugs(data)
    expect(slugs.slugOfPlace.size).toBe(data.byCode.size)
    for (const [state, places] of data.byState) expect(slugs.placeBySlug.get(state)!.size, state).toBe(places.length)
    expect(slugs.slugOfPlace.get('1026335')).toBe('d-hanis')
    expect(slugs.stateBySlug.size).toBe(51)
  }, 30_000)
})
