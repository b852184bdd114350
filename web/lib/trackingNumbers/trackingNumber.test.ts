import { describe, expect, it } from 'vitest'
import { chooseTrackingNumber, matchedUtmRule, matchingAddresses, normalizeMatchValue, numberForVisit, stateOfLocation, trackingRuleProblems, usableTrackingRules, utmSource, withTrackingNumber, type TrackingNumberRule } from './trackingNumber'

const CAMPAIGN = '+12125550101'
const SOURCE = '+13125550102'
const STATE = '+12145550103'
const rules: TrackingNumberRule[] = [
  { _key: 'a', match: 'state', value: 'TX', phone: STATE },
  { _key: 'b', match: 'source', value: 'bing', phone: SOURCE },
  { _key: 'c', match: 'campaign', value: 'Termites Fall', phone: CAMPAIGN },
]

describe('chooseTrackingNumber', () => {
  it('prefers a campaign rule, then a source rule, then a state rule', () => {
    expect(chooseTrackingNumber(rules, { campaign: 'termites fall', source: 'bing', state: 'TX' })).toBe(CAMPAIGN)
    expect(chooseTrackingNumber(rules, { campaign: 'other', source: 'bing', state: 'TX' })).toBe(SOURCE)
    expect(chooseTrackingNumber(rules, { campaign: 'other', source: 'google', state: 'TX' })).toBe(STATE)
  })

  it('matches case-insensitively after trimming, and states by their code', () => {
    expect(chooseTrackingNumber(rules, { campaign: '  TERMITES   fall ' })).toBe(CAMPAIGN)
    expect(chooseTrackingNumber(rules, { state: 'tx' })).toBe(STATE)
  })

  it('keeps the default number (null) when nothing matches, or with no rules', () => {
    expect(chooseTrackingNumber(rules, { campaign: 'termites', source: 'google', state: 'CA' })).toBeNull()
    expect(chooseTrackingNumber(rules, {})).toBeNull()
    expect(chooseTrackingNumber(null, { campaign: 'termites fall' })).toBeNull()
    expect(chooseTrackingNumber([], { state: 'TX' })).toBeNull()
  })

  it('never hands out an invalid number, and ignores absurdly long utm values', () => {
    const broken: TrackingNumberRule[] = [{ match: 'campaign', value: 'x', phone: '+1 212 555 0101' }, { match: 'campaign', value: 'y'.repeat(101), phone: CAMPAIGN }, null as unknown as TrackingNumberRule]
    expect(chooseTrackingNumber(broken, { campaign: 'x' })).toBeNull()
    expect(chooseTrackingNumber(broken, { campaign: 'y'.repeat(101) })).toBeNull()
  })
})

describe('stateOfLocation', () => {
  it('reads the state code of a resolved "City, ST"', () => {
    expect(stateOfLocation('Dallas, TX')).toBe('TX')
    expect(stateOfLocation('Washington, DC')).toBe('DC')
    expect(stateOfLocation('Somewhere, ZZ')).toBeNull()
    expect(stateOfLocation('')).toBeNull()
    expect(stateOfLocation(null)).toBeNull()
  })
})

describe('withTrackingNumber', () => {
  const site = { phone: '+18885550142', phoneDisplay: '1-888-555-0142', brandName: 'B' }
  it('puts the chosen number in place of the default and drops the default’s display form', () => {
    expect(withTrackingNumber(site, CAMPAIGN)).toEqual({ phone: CAMPAIGN, phoneDisplay: null, brandName: 'B' })
  })
  it('leaves the settings alone with no chosen number', () => {
    expect(withTrackingNumber(site, null)).toBe(site)
    expect(withTrackingNumber(site, site.phone)).toBe(site)
  })
})

describe('trackingRuleProblems', () => {
  it('accepts valid rules, including the same value under different kinds', () => {
    expect(trackingRuleProblems(rules)).toEqual([])
    expect(trackingRuleProblems([{ match: 'campaign', value: 'bing', phone: CAMPAIGN }, { match: 'source', value: 'bing', phone: SOURCE }])).toEqual([])
    expect(trackingRuleProblems(undefined)).toEqual([])
  })

  it('refuses an invalid number, a missing value, an unknown state and an unknown kind, saying how to fix it', () => {
    const problems = trackingRuleProblems([
      { _key: 'p', match: 'campaign', value: 'x', phone: '212-555-0101' },
      { _key: 'v', match: 'source', value: ' ', phone: SOURCE },
      { _key: 's', match: 'state', value: 'Texas', phone: STATE },
      { _key: 'k', match: 'city', value: 'Dallas', phone: STATE },
    ])
    expect(problems.map((problem) => problem.key)).toEqual(['p', 'v', 's', 'k'])
    expect(problems[0]!.message).toMatch(/\+1 followed by the 10-digit US number/)
    expect(problems[1]!.message).toMatch(/source name this rule matches/)
    expect(problems[2]!.message).toMatch(/“Texas” is not a US state code/)
    expect(problems[3]!.message).toMatch(/a campaign, a source or a state/)
  })

  it('refuses conflicting rules: the same match and value with different numbers', () => {
    const problems = trackingRuleProblems([
      { _key: 'one', match: 'campaign', value: 'Termites', phone: CAMPAIGN },
      { _key: 'two', match: 'campaign', value: ' termites ', phone: SOURCE },
      { _key: 'three', match: 'state', value: 'tx', phone: STATE },
      { _key: 'four', match: 'state', value: 'TX', phone: STATE },
    ])
    expect(problems).toEqual([
      { key: 'two', message: expect.stringMatching(/Campaign “termites” already has a rule with another number \(\+12125550101\)/) },
      { key: 'four', message: expect.stringMatching(/already has a rule with this number: remove one of them/) },
    ])
  })
})

describe('usableTrackingRules / matchedUtmRule / numberForVisit', () => {
  const usable = usableTrackingRules([
    ...rules,
    null,
    { _key: 'd', match: 'campaign', value: ' termites  FALL', phone: '+13125550199' },
    { _key: 'e', match: 'source', value: 'google', phone: '555-0100' },
    { _key: 'f', match: 'state', value: 'Texas', phone: STATE },
  ])

  it('keeps valid rules in comparable form, the first of two for one value', () => {
    expect(usable).toEqual([
      { match: 'state', value: 'TX', phone: STATE },
      { match: 'source', value: 'bing', phone: SOURCE },
      { match: 'campaign', value: 'termites-fall', phone: CAMPAIGN },
    ])
  })

  it('selects one rule from the utm values, a campaign before a source, and nothing for others', () => {
    expect(matchedUtmRule(usable, utmSource(new URLSearchParams('utm_campaign=Termites%20Fall&utm_source=bing')))).toBe('campaign:termites-fall')
    expect(matchedUtmRule(usable, utmSource(new URLSearchParams('utm_campaign=x&utm_source=Bing')))).toBe('source:bing')
    expect(matchedUtmRule(usable, utmSource(new URLSearchParams('utm_campaign=x&utm_source=google')))).toBe('')
  })

  it('gives the selected rule’s number, else the state’s, else none', () => {
    expect(numberForVisit(usable, 'campaign:termites-fall', 'TX')).toBe(CAMPAIGN)
    expect(numberForVisit(usable, 'source:bing', null)).toBe(SOURCE)
    expect(numberForVisit(usable, '', 'TX')).toBe(STATE)
    expect(numberForVisit(usable, '', 'CA')).toBeNull()
  })
})

describe('campaign values, as saved and as matched', () => {
  it('“spring_promo”, “Spring Promo” and “spring-promo” are one campaign, whichever way the rule and the ad write it', () => {
    const spellings = ['spring_promo', 'Spring Promo', 'spring-promo', ' SPRING__promo ']
    expect(new Set(spellings.map((value) => normalizeMatchValue('campaign', value)))).toEqual(new Set(['spring-promo']))
    for (const saved of spellings) {
      const usable = usableTrackingRules([{ match: 'campaign', value: saved, phone: '+12125550101' }])
      for (const landed of ['utm_campaign=spring_promo', 'utm_campaign=Spring+Promo', 'utm_campaign=spring-promo']) {
        expect(numberForVisit(usable, matchedUtmRule(usable, utmSource(new URLSearchParams(landed))), null)).toBe('+12125550101')
      }
    }
    // Two rules for one campaign spelled differently are one conflict.
    expect(trackingRuleProblems([{ match: 'campaign', value: 'spring_promo', phone: '+12125550101' }, { match: 'campaign', value: 'Spring Promo', phone: '+13125550102' }])).toHaveLength(1)
  })

  it('previews the landing addresses a rule matches', () => {
    expect(matchingAddresses('campaign', 'Spring Promo')).toEqual(['/?utm_campaign=spring-promo', '/?utm_campaign=spring_promo', '/?utm_campaign=Spring+Promo'])
    expect(matchingAddresses('state', 'TX')).toEqual([])
  })
})
