import { describe, expect, it } from 'vitest'
import { parseProvider } from '../providers/provider'
import { outsideAreas, placeOfLabel, proveDispute } from './disputeRules'

const DALLAS = '1026339'
const provider = (fields: Record<string, unknown>) => {
  const parsed = parseProvider({ _id: 'p', name: 'P', phone: '+12145550101', active: true, ...fields }, 60)
  if (!('provider' in parsed)) throw new Error(parsed.problems.join(' '))
  return parsed.provider
}
const dallasOnly = provider({ zips: ['752'], places: [DALLAS] })
const leg = (place: string, talkSeconds = 95) => ({ place, talkSeconds, billableSeconds: 60 })

describe('the caller’s place on a leg', () => {
  it('reads a ZIP, a city and a state as routing wrote them', () => {
    expect(placeOfLabel('79901, TX')).toEqual({ zip: '79901', state: 'TX' })
    expect(placeOfLabel('Dallas, TX')).toEqual({ place: DALLAS, state: 'TX' })
    expect(placeOfLabel('TX')).toEqual({ state: 'TX' })
    expect(placeOfLabel('')).toBeNull()
    expect(placeOfLabel('somewhere')).toBeNull()
  })

  it('is outside the areas only when the place is known and no area of the provider takes it in', () => {
    expect(outsideAreas(dallasOnly, '79901, TX')).toBe(true)
    expect(outsideAreas(dallasOnly, '75201, TX')).toBe(false)
    expect(outsideAreas(dallasOnly, 'Dallas, TX')).toBe(false)
    expect(outsideAreas(provider({ states: ['TX'] }), '79901, TX')).toBe(false)
    expect(outsideAreas(provider({ everywhere: true }), '99501, AK')).toBe(false)
    expect(outsideAreas(dallasOnly, '')).toBe(false)
    expect(outsideAreas(null, '79901, TX')).toBe(false)
  })
})

describe('what the data proves of a dispute', () => {
  it('credits "wrong area" when the caller’s ZIP is outside the provider’s areas, and leaves one inside to the owner', () => {
    expect(proveDispute({ reason: 'wrong-area', leg: leg('79901, TX'), provider: dallasOnly, sameCallerWithin: null })).toMatchObject({ rule: 'outside-area' })
    expect(proveDispute({ reason: 'wrong-area', leg: leg('75201, TX'), provider: dallasOnly, sameCallerWithin: null })).toBeNull()
  })

  it('credits any reason when the talk was under the billable seconds', () => {
    expect(proveDispute({ reason: 'other', leg: leg('75201, TX', 30), provider: dallasOnly, sameCallerWithin: null })).toMatchObject({ rule: 'under-billable' })
  })

  it('credits "the same caller again" only when the store found an earlier paid call within the window', () => {
    expect(proveDispute({ reason: 'same-caller', leg: leg('75201, TX'), provider: dallasOnly, sameCallerWithin: 30 })).toMatchObject({ rule: 'same-caller', note: expect.stringContaining('30 days') })
    expect(proveDispute({ reason: 'same-caller', leg: leg('75201, TX'), provider: dallasOnly, sameCallerWithin: null })).toBeNull()
    // An outside place proves nothing for another reason: the owner judges a "spam" dispute.
    expect(proveDispute({ reason: 'spam', leg: leg('79901, TX'), provider: dallasOnly, sameCallerWithin: null })).toBeNull()
  })
})
