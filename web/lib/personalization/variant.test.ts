import { describe, expect, it } from 'vitest'
import { decodeVariant, encodeVariant, readInputs, routeInputs, variantFor, type PersonalizedRoute } from './variant'

/** The two personalized pages of the bundled content (studio/dataset: the home page's and /v2's "Ad inputs"). */
const PERSONALIZED_ROUTES: Record<string, PersonalizedRoute> = {
  '/': { id: 'home', path: '/', fields: ['keyword', 'location'] },
  '/v2': { id: 'v2', path: '/v2', fields: ['location', 'headline', 'question'] },
}

const home = PERSONALIZED_ROUTES['/']!
const v2 = PERSONALIZED_ROUTES['/v2']!
const dallas = { city: 'Dallas', state: 'TX' }
const inputs = (query: string) => readInputs(new URLSearchParams(query))

describe('readInputs', () => {
  it('reads the keyword (slkw over kw), a numeric location code, headline1 and q', () => {
    expect(inputs('kw=ants&slkw=wasp+removal+near+me&loc_physical_ms=1026339&headline1=Fast+Help&q=Y')).toEqual({
      keyword: 'wasp removal',
      locationCode: '1026339',
      headline: 'fast help',
      question: true,
    })
  })

  it('takes the first of repeated parameters and ignores non-numeric codes', () => {
    expect(inputs('kw=a&kw=b&loc_physical_ms=12a').keyword).toBe('a')
    expect(inputs('loc_physical_ms=12a').locationCode).toBeNull()
    expect(inputs('loc_physical_ms=').locationCode).toBeNull()
    expect(inputs('loc_physical_ms=1'.padEnd(40, '1')).locationCode).toBeNull()
  })
})

describe('routeInputs', () => {
  it('keeps only what the route reads', () => {
    const inputs = readInputs(new URLSearchParams('kw=wasp+removal&loc_physical_ms=1026339&headline1=Need+Help&q=y'))
    expect(routeInputs(PERSONALIZED_ROUTES['/v2']!, inputs)).toEqual({ keyword: '', locationCode: '1026339', headline: 'need help', question: true })
    expect(routeInputs(PERSONALIZED_ROUTES['/']!, inputs)).toEqual({ keyword: 'wasp removal', locationCode: '1026339', headline: '', question: false })
  })
})

describe('variantFor', () => {
  it('keeps only the fields the route declares', () => {
    const all = inputs('kw=ants&headline1=Call+now&q=y')
    expect(variantFor(home, all, dallas)).toEqual({ keyword: 'ants', location: 'Dallas, TX' })
    expect(variantFor(v2, all, dallas)).toEqual({ location: 'Dallas, TX', headline: 'call now', question: true })
  })

  it('is null (the plain cached page) without personalizing input, e.g. only gclid/utm', () => {
    expect(variantFor(home, inputs('gclid=abc&utm_source=google'), null)).toBeNull()
    expect(variantFor(home, inputs('kw=near+me'), null)).toBeNull()
  })
})

describe('encodeVariant / decodeVariant', () => {
  it('round-trips and gives equal variants one address', () => {
    const variant = { keyword: 'wasp removal', location: 'Dallas, TX' }
    const segment = encodeVariant(variant)
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeVariant(segment)).toEqual(variant)
    expect(encodeVariant({ location: 'Dallas, TX', keyword: 'wasp removal' })).toBe(segment)
  })

  it('rejects segments the proxy would never produce', () => {
    const forge = (fields: unknown) => Buffer.from(JSON.stringify(fields)).toString('base64url')
    expect(decodeVariant(forge(['<b>hi</b>', '', '', 0]))).toBeNull()
    expect(decodeVariant(forge(['Wasp', '', '', 0]))).toBeNull()
    expect(decodeVariant(forge(['', 'Dallas', '', 0]))).toBeNull()
    expect(decodeVariant(forge(['', '', '', 2]))).toBeNull()
    expect(decodeVariant(forge(['', '', '', 0]))).toBeNull()
    expect(decodeVariant('not base64 !')).toBeNull()
    expect(decodeVariant('')).toBeNull()
    expect(decodeVariant(encodeVariant({ keyword: 'ants' }) + 'A')).toBeNull()
  })
})
