import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatTable, locationRows, parseCsv, stateOf } from './geotargets'

const HEADER = 'Criteria ID,Name,Canonical Name,Parent ID,Country Code,Target Type,Status'

describe('parseCsv', () => {
  it('handles quoted fields with commas and doubled quotes, and CRLF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ])
  })
})

describe('stateOf', () => {
  it('reads the state from the second-to-last part of the canonical name', () => {
    expect(stateOf('Los Angeles,California,United States')).toBe('CA')
    expect(stateOf('Brentwood,Contra Costa County,California,United States')).toBe('CA')
    expect(stateOf('Holly Springs,United States')).toBeUndefined()
  })
})

describe('locationRows', () => {
  it('keeps cities, counties and regions with a state; drops states and rows without one', () => {
    const csv = [
      HEADER,
      '1013962,Los Angeles,"Los Angeles,California,United States",,US,City,',
      '9057054,Orange County,"Orange County,California,United States",,US,County,',
      '21137,California,"California,United States",,US,State,',
      '1021155,Holly Springs,"Holly Springs,United States",,US,City,',
    ].join('\n')
    expect(locationRows(csv)).toEqual([
      { code: '1013962', place: 'Los Angeles', state: 'CA' },
      { code: '9057054', place: 'Orange County', state: 'CA' },
    ])
  })
})

describe('the committed table', () => {
  const source = path.resolve(import.meta.dirname, '../../../shared/data/us-geotargets.csv')
  it.runIf(existsSync(source))('is exactly what the script derives from the shared data', () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../../web/data/locations.tsv'), 'utf8')
    expect(committed).toBe(formatTable(locationRows(readFileSync(source, 'utf8'))))
  })
})
