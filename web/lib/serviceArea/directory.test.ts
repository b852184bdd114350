import { describe, expect, it } from 'vitest'
import { FIXTURE_PROVIDERS, PLACES } from '../../../tests/support/serviceAreaFixture'
import { bundledPlaceData } from '../location/places'
import { parseProviders, type ProviderFields } from '../providers/provider'
import { ServiceAreaDirectory } from './directory'

const data = bundledPlaceData()
const place = (code: string) => data.byCode.get(code)!
const fields = FIXTURE_PROVIDERS.map((doc) => ({ ...doc, pests: ((doc.pests ?? []) as { _ref: string }[]).map((pest) => pest._ref) }) as ProviderFields)
const directory = new ServiceAreaDirectory(
  {
    pestPages: [
      { slug: 'ants', pest: 'pest-ant', updatedAt: '2026-01-01T00:00:00Z' },
      { slug: 'roaches', pest: 'pest-cockroach', updatedAt: '2026-01-01T00:00:00Z' },
      { slug: 'orphan', pest: null, updatedAt: '2026-01-01T00:00:00Z' },
    ],
    providers: parseProviders(fields, 0),
    providerUpdates: new Map(FIXTURE_PROVIDERS.map((doc) => [doc._id, String(doc._updatedAt)])),
  },
  data,
)
const none = new Set<string>()

describe('which service-area pages exist', () => {
  it('answers every place of a state served by state, the places of listed ZIP codes, and a listed place, for the pests served', () => {
    expect(directory.resolve(['ants', 'texas', 'austin'])).toMatchObject({ kind: 'place', place: { code: PLACES.austin } })
    expect(directory.resolve(['roaches', 'texas', 'd-hanis'])).toMatchObject({ kind: 'place', state: 'TX' })
    expect(directory.resolve(['ants', 'colorado', 'colorado-springs'])).toMatchObject({ kind: 'place', place: { code: PLACES.coloradoSprings } })
    expect(directory.resolve(['ants', 'florida', 'tampa'])).toMatchObject({ kind: 'place', place: { code: PLACES.tampa } })
    expect(directory.resolve(['ants', 'texas'])).toMatchObject({ kind: 'hub', state: 'TX' })
  })

  it('answers nothing for an unserved place, a pest its providers do not serve, a paused provider or a wrong address', () => {
    expect(directory.resolve(['ants', 'florida', 'miami'])).toBeNull()
    expect(directory.resolve(['roaches', 'colorado', 'colorado-springs'])).toBeNull()
    expect(directory.resolve(['ants', 'colorado', 'denver'])).toBeNull()
    expect(directory.resolve(['ants', 'nevada'])).toBeNull()
    expect(directory.resolve(['orphan', 'texas', 'austin'])).toBeNull()
    expect(directory.resolve(['wasps', 'texas', 'austin'])).toBeNull()
    expect(directory.resolve(['ants', 'texas', 'nowhere'])).toBeNull()
    expect(directory.resolve(['ants', 'tx', 'austin'])).toBeNull()
    expect(directory.resolve(['ants'])).toBeNull()
  })

  it('lists the states and places served, by name', () => {
    expect(directory.servedStates('pest-ant')).toEqual(['CO', 'FL', 'TX'])
    expect(directory.servedStates('pest-cockroach')).toEqual(['FL', 'TX'])
    expect(directory.servedPlaces('pest-ant', 'CO').map((served) => served.name)).toEqual(['Colorado Springs'])
    expect(directory.servedPlaces('pest-ant', 'TX').length).toBe(data.byState.get('TX')!.length)
    expect(directory.placePath('ants', place(PLACES.austin))).toBe('/ants/texas/austin')
    expect(directory.statePath('ants', 'CO')).toBe('/ants/colorado')
  })
})

describe('which are indexable', () => {
  it('indexes a place served by its ZIP codes or its code, or with a note; not one served only by state', () => {
    expect(directory.isIndexable('pest-ant', place(PLACES.coloradoSprings), false)).toBe(true)
    expect(directory.isIndexable('pest-ant', place(PLACES.tampa), false)).toBe(true)
    expect(directory.isIndexable('pest-ant', place(PLACES.austin), false)).toBe(false)
    expect(directory.isIndexable('pest-ant', place(PLACES.roundRock), true)).toBe(true)
    expect(directory.isIndexable('pest-ant', place(PLACES.miami), true)).toBe(false)
  })

  it('indexes a state page when one of its places is', () => {
    expect(directory.hubIndexable('pest-ant', 'CO', none)).toBe(true)
    expect(directory.hubIndexable('pest-ant', 'TX', none)).toBe(false)
    expect(directory.hubIndexable('pest-ant', 'TX', new Set([PLACES.roundRock]))).toBe(true)
    expect(directory.indexablePlaces('pest-ant', 'TX', new Set([PLACES.roundRock])).map((served) => served.code)).toEqual([PLACES.roundRock])
  })
})

describe('who serves a place', () => {
  it('names the providers, specific ones first, with the place’s ZIP codes each covers', () => {
    const springs = directory.serving('pest-ant', place(PLACES.coloradoSprings))
    expect(springs.map(({ provider, specific }) => [provider.name, specific])).toEqual([['Front Range Exterminators', true]])
    expect(springs[0]!.zips).toEqual(['80903', '80904', '80905', '80906', '80907'])
    const austin = directory.serving('pest-ant', place(PLACES.austin))
    expect(austin.map(({ provider }) => provider.name)).toEqual(['Lone Star Pest Pros'])
    expect(austin[0]!.zips).toEqual(place(PLACES.austin).zips)
    expect(directory.serving('pest-cockroach', place(PLACES.coloradoSprings))).toEqual([])
  })

  it('dates a page by its latest change: pest page, providers, place note', () => {
    const ants = directory.pestPage('ants')!
    expect(directory.lastModified(ants, place(PLACES.coloradoSprings))).toBe('2026-03-02T12:00:00Z')
    expect(directory.lastModified(ants, place(PLACES.roundRock), '2026-04-01T00:00:00Z')).toBe('2026-04-01T00:00:00Z')
    expect(directory.lastModified(ants)).toBe('2026-01-01T00:00:00Z')
  })
})
