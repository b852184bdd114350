import { describe, expect, it } from 'vitest'
import { bundledPlaceData, coordinatesOf, nearby, parsePlaceData, placeOf, placesOfPrefix, placesOfZip, stateName, zipsOfPlace } from './places'

const AUSTIN = '1026201'

describe('the bundled place data (ZIP codes and coordinates joined to location codes)', () => {
  it('links a city to its ZIP codes and a ZIP code to its city, both ways', () => {
    expect(zipsOfPlace(AUSTIN)).toContain('78701')
    expect(zipsOfPlace(AUSTIN).length).toBeGreaterThan(40)
    expect(placesOfZip('78701')).toEqual([AUSTIN])
    expect(placesOfZip('78664')).toEqual(['1026748'])
    expect(placesOfPrefix('787').map((place) => place.code)).toContain(AUSTIN)
    expect(zipsOfPlace('0')).toEqual([])
    expect(placesOfZip('00000')).toEqual([])
  }, 30_000)

  it('has every City row of the location data, ZIP or not, with its state and name', () => {
    expect(placeOf(AUSTIN)).toMatchObject({ name: 'Austin', state: 'TX' })
    expect(placeOf('1026335')?.name).toBe("D'Hanis")
    expect(bundledPlaceData().byCode.size).toBeGreaterThan(17_000)
    expect([...bundledPlaceData().byCode.values()].some((place) => place.zips.length === 0)).toBe(true)
    expect(stateName('TX')).toBe('Texas')
    expect(stateName('DC')).toBe('District of Columbia')
  })

  it('places a city at the mean of its ZIP codes', () => {
    const austin = coordinatesOf(AUSTIN)!
    expect(austin.latitude).toBeCloseTo(30.3, 0)
    expect(austin.longitude).toBeCloseTo(-97.75, 0)
  })

  it('finds the nearest places first, itself left out, among those accepted, within reach', () => {
    const near = nearby(AUSTIN, 10)
    expect(near).toHaveLength(10)
    expect(near.map(({ place }) => place.code)).not.toContain(AUSTIN)
    expect(near.map(({ km }) => km)).toEqual([...near.map(({ km }) => km)].sort((a, b) => a - b))
    expect(near[0]!.km).toBeLessThan(30)
    const inTexasOnly = nearby(AUSTIN, 5, (place) => place.name === 'Round Rock' || place.name === 'Pflugerville')
    expect(inTexasOnly.map(({ place }) => place.name)).toEqual(['Pflugerville', 'Round Rock'])
    expect(nearby(AUSTIN, 3, () => false)).toEqual([])
    expect(nearby('0', 3)).toEqual([])
  })
})

describe('parsePlaceData', () => {
  it('reads rows, skips comments and broken lines, and indexes by code, ZIP, prefix and state', () => {
    const data = parsePlaceData('# head\n1\tB Town\tTX\t30\t-97\t75001 75002\nbroken\n2\tA Town\tTX\t\t\t\n', 'TX\tTexas\n')
    expect(data.byCode.get('2')).toEqual({ code: '2', name: 'A Town', state: 'TX', latitude: null, longitude: null, zips: [] })
    expect(data.byState.get('TX')!.map((place) => place.name)).toEqual(['A Town', 'B Town'])
    expect(data.byPrefix.get('750')!.map((place) => place.code)).toEqual(['1'])
    expect(data.located.map((place) => place.code)).toEqual(['1'])
    expect(data.stateNames.get('TX')).toBe('Texas')
  })
})
