import { describe, expect, it } from 'vitest'
import { decodeVariant, encodeVariant, lookupsFor, readInputs, routeInputs, variantFor, type PersonalizedRoute } from './variant'

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
    expect(inputs('kw=ants&slkw=wasp+removal+near+me&loc_physical_ms=1026339&headline1=Fast+Help&q=y')).toEqual({
      keyword: 'wasp removal',
      locationCode: '1026339',
      headline: 'Fast Help',
      question: true,
      trackingSource: '',
    })
  })

  it('asks the headline only when q is exactly "y" (spec §4)', () => {
    for (const q of ['Y', ' y', 'y ', 'yes', '1', 'true', '']) expect(inputs(`headline1=Fast+Help&q=${encodeURIComponent(q)}`).question, q).toBe(false)
    expect(inputs('headline1=Fast+Help&q=y').question).toBe(true)
    expect(variantFor(v2, inputs('headline1=Fast+Help&q=Y'), { location: null })).toEqual({ headline: 'Fast Help' })
  })

  it('takes the first of repeated parameters and ignores non-numeric codes', () => {
    expect(inputs('kw=ants&kw=wasps&loc_physical_ms=12a').keyword).toBe('ants')
    expect(inputs('loc_physical_ms=12a').locationCode).toBeNull()
    expect(inputs('loc_physical_ms=').locationCode).toBeNull()
    expect(inputs('loc_physical_ms=1'.padEnd(40, '1')).locationCode).toBeNull()
  })
})

describe('routeInputs', () => {
  it('keeps only what the route reads', () => {
    const inputs = readInputs(new URLSearchParams('kw=wasp+removal&loc_physical_ms=1026339&headline1=Need+Help&q=y'))
    expect(routeInputs(PERSONALIZED_ROUTES['/v2']!, inputs)).toEqual({ keyword: '', locationCode: '1026339', headline: 'Need Help', question: true, trackingSource: '' })
    expect(routeInputs(PERSONALIZED_ROUTES['/']!, inputs)).toEqual({ keyword: 'wasp removal', locationCode: '1026339', headline: '', question: false, trackingSource: '' })
  })
})

describe('variantFor', () => {
  it('keeps only the fields the route declares', () => {
    const all = inputs('kw=ants&headline1=Call+now&q=y')
    expect(variantFor(home, all, { location: dallas })).toEqual({ keyword: 'ants', location: 'Dallas, TX' })
    expect(variantFor(v2, all, { location: dallas })).toEqual({ location: 'Dallas, TX', headline: 'Call now', question: true })
  })

  it('is null (the plain cached page) without personalizing input, e.g. only gclid/utm', () => {
    expect(variantFor(home, inputs('gclid=abc&utm_source=google'), { location: null })).toBeNull()
    expect(variantFor(home, inputs('kw=near+me'), { location: null })).toBeNull()
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

  it('round-trips what the new cleaning keeps: emoji, brackets, "!!", "¿…?" and a second trailing phrase', () => {
    for (const kw of ['🐜 ant killer service 🐜', 'roaches & mice - exterminator (24 hr)', 'silverfish in bathroom!!', 'exterminator near me near me', '¿necesita un exterminador?']) {
      const variant = variantFor(home, inputs(`kw=${encodeURIComponent(kw)}`), { location: null })
      expect(variant, kw).not.toBeNull()
      expect(decodeVariant(encodeVariant(variant!)), kw).toEqual(variant)
    }
    expect(inputs('kw=exterminator+near+me+near+me').keyword).toBe('exterminator near me')
    expect(inputs('kw=exterminator+near+me').keyword).toBe('exterminator')
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

describe('tracking numbers', () => {
  const FALL = '+12145550101'
  const BING = '+12145550102'
  const TEXAS = '+12145550103'
  const rules = [
    { match: 'campaign', value: 'termites-fall', phone: FALL },
    { match: 'source', value: 'bing', phone: BING },
    { match: 'state', value: 'TX', phone: TEXAS },
  ] as const
  const ants = { id: 'ants', path: '/ants', fields: [], trackingNumbers: rules }
  const resolve = async (code: string) => (code === '1026339' ? dallas : null)
  const variantOf = async (route: typeof ants | typeof home, query: string) => {
    const read = routeInputs(route, inputs(query))
    return variantFor(route, read, await lookupsFor(route, read, resolve))
  }

  it('narrows the utm values to the one rule they select, so any other utm value shapes nothing', () => {
    expect(routeInputs(ants, inputs('utm_campaign=Termites+Fall&utm_source=bing')).trackingSource).toBe('campaign:termites-fall')
    expect(routeInputs(ants, inputs('utm_campaign=spring&utm_source=BING')).trackingSource).toBe('source:bing')
    expect(routeInputs(ants, inputs('utm_campaign=spring&utm_source=google')).trackingSource).toBe('')
    // A route without rules ignores utm values altogether.
    expect(routeInputs(home, inputs('utm_campaign=termites+fall')).trackingSource).toBe('')
  })

  it('keeps the location code for a state rule only when no campaign or source rule matched', () => {
    expect(routeInputs(ants, inputs('loc_physical_ms=1026339')).locationCode).toBe('1026339')
    expect(routeInputs(ants, inputs('utm_source=bing&loc_physical_ms=1026339')).locationCode).toBeNull()
    expect(routeInputs({ ...ants, trackingNumbers: rules.slice(0, 2) }, inputs('loc_physical_ms=1026339')).locationCode).toBeNull()
  })

  it('puts the chosen number in the variant, campaign before source before state, and nothing else', async () => {
    expect(await variantOf(ants, 'utm_campaign=termites+fall&utm_source=bing&loc_physical_ms=1026339')).toEqual({ trackingNumber: FALL })
    expect(await variantOf(ants, 'utm_source=bing&loc_physical_ms=1026339')).toEqual({ trackingNumber: BING })
    // The state picks the number; the page does not read the location, so it shows no location line.
    expect(await variantOf(ants, 'loc_physical_ms=1026339&utm_campaign=other')).toEqual({ trackingNumber: TEXAS })
    expect(await variantOf(ants, 'utm_campaign=other&gclid=x')).toBeNull()
    expect(await variantOf({ ...home, trackingNumbers: rules }, 'kw=ants&utm_source=bing')).toEqual({ keyword: 'ants', trackingNumber: BING })
  })

  it('bounds the variants by the rules: a thousand campaign names give two numbers', async () => {
    const variants = new Set<string>()
    for (let index = 0; index < 1000; index++) {
      const variant = await variantOf(ants, `utm_campaign=campaign-${index}&utm_source=${index % 2 ? 'bing' : 'google'}`)
      variants.add(variant ? encodeVariant(variant) : 'plain')
    }
    expect(variants.size).toBe(2)
  })

  it('round-trips a number and refuses anything but a US number in its place', () => {
    const segment = encodeVariant({ trackingNumber: FALL })
    expect(decodeVariant(segment)).toEqual({ trackingNumber: FALL })
    const forge = (number: string) => Buffer.from(JSON.stringify(['', '', '', 0, '', number])).toString('base64url')
    expect(decodeVariant(forge(FALL))).toEqual({ trackingNumber: FALL })
    expect(decodeVariant(forge('+1555'))).toBeNull()
    expect(decodeVariant(forge('<b>'))).toBeNull()
  })
})
