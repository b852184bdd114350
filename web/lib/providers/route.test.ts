import { describe, expect, it, vi } from 'vitest'
import { parseProvider, parseProviders, providerProblems, type ProviderFields } from './provider'
import { isOpen, rankProviders } from './route'
import { placeOfCode, placeOfZip } from './where'

const base: ProviderFields = { _id: 'p', name: 'P', phone: '+12145550101', active: true }
const parsed = (fields: ProviderFields) => {
  const result = parseProvider({ ...base, ...fields }, 60)
  if (!('provider' in result)) throw new Error(result.problems.join(' '))
  return result.provider
}
// Wednesday 2026-11-25 15:00 UTC = 09:00 in Chicago, 10:00 in New York.
const WED_9_CHICAGO = Date.UTC(2026, 10, 25, 15)

describe('provider content', () => {
  it('refuses an empty phone, the site’s own numbers, an unknown time zone and hours that close before they open', () => {
    const site = { phone: '+18885550142', pool: ['+13125550161'], trackingNumbers: [{ phone: '+13125550170' }] }
    expect(providerProblems({ ...base, phone: '' }, site).join()).toMatch(/Write the phone/)
    expect(providerProblems({ ...base, phone: '+18885550142' }, site).join()).toMatch(/site’s own phone/)
    expect(providerProblems({ ...base, phone: '+13125550161' }, site).join()).toMatch(/pool numbers/)
    expect(providerProblems({ ...base, phone: '+13125550170' }, site).join()).toMatch(/tracking numbers/)
    expect(providerProblems({ ...base, timeZone: 'Mars/Olympus' }).join()).toMatch(/not a time zone/)
    expect(providerProblems({ ...base, hours: [{ day: 'mon', open: '17:00', close: '08:00' }] }).join()).toMatch(/must come before/)
    expect(providerProblems({ ...base, zips: ['7520'] }).join()).toMatch(/not a ZIP code/)
    expect(providerProblems(base, site)).toEqual([])
  })

  it('skips a provider with a bad field with a log line, and one switched off silently', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const providers = parseProviders([base, { ...base, _id: 'bad', name: 'Bad', timeZone: 'Nowhere' }, { ...base, _id: 'off', active: false }], 60)
    expect(providers.map((p) => p.id)).toEqual(['p'])
    expect(log).toHaveBeenCalledWith(expect.stringContaining('skipped “Bad”'))
    log.mockRestore()
  })

  it('takes the site’s qualified-call minimum as the talk time that makes a call payable, unless set', () => {
    expect(parsed({}).billableSeconds).toBe(60)
    expect(parsed({ billableSeconds: 90 }).billableSeconds).toBe(90)
  })
})

describe('routing', () => {
  const zip = parsed({ _id: 'zip', zips: ['75201'] })
  const prefix = parsed({ _id: 'prefix', zips: ['752'] })
  const city = parsed({ _id: 'city', places: ['1026339'] })
  const state = parsed({ _id: 'state', states: ['TX'] })
  const anywhere = parsed({ _id: 'anywhere', everywhere: true })
  const all = [anywhere, state, city, prefix, zip]

  it('orders the most specific area first: ZIP, prefix, place, state, everywhere', () => {
    expect(rankProviders(all, { zip: '75201', place: '1026339', state: 'TX' }, '', WED_9_CHICAGO).map((p) => p.id)).toEqual(['zip', 'prefix', 'city', 'state', 'anywhere'])
    expect(rankProviders(all, { state: 'OK' }, '', WED_9_CHICAGO).map((p) => p.id)).toEqual(['anywhere'])
  })

  it('keeps only providers of the pest (none listed: every pest), and those open now in their own time zone', () => {
    const ants = parsed({ _id: 'ants', everywhere: true, pests: ['pest-ant'] })
    expect(rankProviders([ants, anywhere], {}, 'pest-mouse', WED_9_CHICAGO).map((p) => p.id)).toEqual(['anywhere'])
    const chicago = parsed({ _id: 'chi', everywhere: true, timeZone: 'America/Chicago', hours: [{ day: 'wed', open: '09:00', close: '17:00' }] })
    const newYork = parsed({ _id: 'ny', everywhere: true, timeZone: 'America/New_York', hours: [{ day: 'wed', open: '10:30', close: '17:00' }] })
    expect(isOpen(chicago, WED_9_CHICAGO)).toBe(true)
    expect(isOpen(newYork, WED_9_CHICAGO)).toBe(false)
    expect(isOpen(chicago, WED_9_CHICAGO - 60_000)).toBe(false)
  })

  it('orders by priority, then draws among equals by their share', () => {
    const first = parsed({ _id: 'first', everywhere: true, priority: 1, weight: 1 })
    const heavy = parsed({ _id: 'heavy', everywhere: true, priority: 2, weight: 3 })
    const light = parsed({ _id: 'light', everywhere: true, priority: 2, weight: 1 })
    let seed = 1
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
    const firstOfEquals = { heavy: 0, light: 0 }
    for (let i = 0; i < 4000; i++) {
      const order = rankProviders([light, heavy, first], {}, '', WED_9_CHICAGO, random).map((p) => p.id)
      expect(order[0]).toBe('first')
      firstOfEquals[order[1] as 'heavy' | 'light']++
    }
    expect(firstOfEquals.heavy / 4000).toBeGreaterThan(0.7)
    expect(firstOfEquals.heavy / 4000).toBeLessThan(0.8)
  })
})

describe('where the caller is', () => {
  it('reads a postal-code location as ZIP and state, a city as place and state, and keyed digits only as a known ZIP', () => {
    expect(placeOfCode('9026899')).toMatchObject({ zip: expect.stringMatching(/^\d{5}$/) })
    expect(placeOfCode('1026339')).toMatchObject({ place: '1026339', state: 'TX' })
    // A city brings its ZIP codes, so a provider that lists Dallas ZIPs serves a visit located at Dallas.
    expect(placeOfCode('1026339')?.placeZips).toContain('75201')
    expect(placeOfZip('75201')).toEqual({ zip: '75201', state: 'TX' })
    expect(placeOfZip('00000')).toBeNull()
    expect(placeOfZip('752')).toBeNull()
  })
})
