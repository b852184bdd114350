import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cityRows, formatPlaces, formatStates, joinKey, joinPlaces, type ZipRecord } from './placeJoin'
import { zipRecords } from './places'

const zip = (code: string, city: string, state: string, latitude = 30, longitude = -97): ZipRecord => ({ zip: code, city, state, latitude, longitude })

describe('joinKey', () => {
  it('reads spellings of one name alike: accents, case, punctuation, spaces, Saint/St, Fort/Ft, Mount/Mt', () => {
    expect(joinKey('St. Louis', 'MO')).toBe(joinKey('Saint Louis', 'MO'))
    expect(joinKey('Mc Grath', 'AK')).toBe(joinKey('McGrath', 'AK'))
    expect(joinKey('Cañon City', 'CO')).toBe(joinKey('Canon City', 'CO'))
    expect(joinKey('Fort Worth', 'TX')).toBe(joinKey('Ft Worth', 'TX'))
    expect(joinKey('Mount Vernon', 'NY')).toBe(joinKey('Mt. Vernon', 'NY'))
    expect(joinKey('Austin', 'TX')).not.toBe(joinKey('Austin', 'MN'))
  })
})

describe('joinPlaces', () => {
  const cities = [
    { code: '1', place: 'Austin', state: 'TX' },
    { code: '2', place: 'Washington Township', state: 'NJ' },
    { code: '3', place: 'Washington Township', state: 'NJ' },
    { code: '4', place: 'Nowhere', state: 'TX' },
  ]
  const rows = joinPlaces(cities, [
    zip('78702', 'Austin', 'TX', 30.2, -97.7),
    zip('78701', 'AUSTIN', 'TX', 30.4, -97.9),
    zip('55912', 'Austin', 'MN'),
    zip('07676', 'Washington Township', 'NJ'),
  ])

  it('gives a city the ZIP codes of its name in its state, ascending, and their mean point', () => {
    expect(rows[0]).toEqual({ code: '1', place: 'Austin', state: 'TX', latitude: 30.3, longitude: -97.8, zips: ['78701', '78702'] })
  })

  it('joins no ZIP to a name two cities of one state share, and leaves a city without ZIP codes without a point', () => {
    expect(rows[1]!.zips).toEqual([])
    expect(rows[2]!.zips).toEqual([])
    expect(rows[3]).toEqual({ code: '4', place: 'Nowhere', state: 'TX', latitude: null, longitude: null, zips: [] })
  })
})

describe('cityRows', () => {
  it('keeps the City rows with a state, by code', () => {
    const csv = [
      'Criteria ID,Name,Canonical Name,Parent ID,Country Code,Target Type,Status',
      '1026201,Austin,"Austin,Texas,United States",,US,City,',
      '9057054,Orange County,"Orange County,California,United States",,US,County,',
      '1021155,Holly Springs,"Holly Springs,United States",,US,City,',
      '1013962,Los Angeles,"Los Angeles,California,United States",,US,City,',
    ].join('\n')
    expect(cityRows(csv)).toEqual([
      { code: '1013962', place: 'Los Angeles', state: 'CA' },
      { code: '1026201', place: 'Austin', state: 'TX' },
    ])
  })
})

describe('the committed tables', () => {
  const source = path.resolve(import.meta.dirname, '../../../shared/data/us-geotargets.csv')
  const data = path.resolve(import.meta.dirname, '../../web/data')
  it.runIf(existsSync(source))('are exactly what the script derives from the shared data and the zipcodes package', () => {
    expect(readFileSync(path.join(data, 'places.tsv'), 'utf8')).toBe(formatPlaces(joinPlaces(cityRows(readFileSync(source, 'utf8')), zipRecords())))
    expect(readFileSync(path.join(data, 'states.tsv'), 'utf8')).toBe(formatStates())
  }, 60_000)
})
