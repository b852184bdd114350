import { describe, expect, it } from 'vitest'
import { fillWording, unknownPlaceholders } from './wording'

describe('the wording of service-area pages', () => {
  it('fills the placeholders, dropping one with no value with the space before it', () => {
    expect(fillWording('{service} in {place}, {state}', { service: 'Ant Exterminator', place: 'Austin', state: 'TX' })).toBe('Ant Exterminator in Austin, TX')
    expect(fillWording('Places we serve in {stateName}', { stateName: 'Texas' })).toBe('Places we serve in Texas')
    expect(fillWording('Serving {place}', {})).toBe('Serving')
    expect(fillWording(null, {})).toBe('')
  })

  it('names the placeholders nothing fills', () => {
    expect(unknownPlaceholders('{service} in {city}, {st}')).toEqual(['city', 'st'])
    expect(unknownPlaceholders('{pest} in {place}, {state} ({stateName})')).toEqual([])
  })
})
