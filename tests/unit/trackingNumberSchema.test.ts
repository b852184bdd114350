import type { DocumentValidationMarker } from '@sanity/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseTrackingNumber } from '../../web/lib/trackingNumbers/trackingNumber'
import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import { trackingNumberRulesQuery } from '../../web/content/queries'
import { startStudioValidator, type StudioValidator } from '../support/studioValidator'

/** Site settings → Tracking numbers, through the Studio's own validator (what blocks Publish). */
const docs = bundledDocuments()
const settings = docs.find((doc) => doc._id === 'siteSettings')!
let validator: StudioValidator

beforeAll(async () => {
  validator = await startStudioValidator()
})
afterAll(() => validator?.close())

async function errorsOf(trackingNumbers: unknown[]): Promise<DocumentValidationMarker[]> {
  const markers = await validator.markersOf({ ...structuredClone(settings), trackingNumbers })
  return markers.filter((marker) => marker.level === 'error')
}

const rule = (key: string, match: string, value: string, phone: string) => ({ _key: key, _type: 'trackingNumberRule', match, value, phone })

describe('Site settings → Tracking numbers', () => {
  it('accepts a campaign, a source and a state rule', async () => {
    expect(await errorsOf([rule('a', 'campaign', 'termites-fall', '+12125550101'), rule('b', 'source', 'bing', '+13125550102'), rule('c', 'state', 'TX', '+12145550103')])).toEqual([])
  })

  it('refuses a number that is not a valid US number, on the rule’s number', async () => {
    const errors = await errorsOf([rule('a', 'campaign', 'termites', '212-555-0101')])
    expect(errors.some((marker) => /\+1 followed by the 10-digit US number/.test(marker.message) && JSON.stringify(marker.path).includes('phone'))).toBe(true)
  })

  it('refuses a state that is not a US state code', async () => {
    const errors = await errorsOf([rule('a', 'state', 'Texas', '+12145550103')])
    expect(errors.map((marker) => marker.message).join()).toMatch(/“Texas” is not a US state code/)
  })

  it('refuses conflicting rules (same match, different numbers), under the list', async () => {
    const errors = await errorsOf([rule('one', 'campaign', 'Termites', '+12125550101'), rule('two', 'campaign', 'termites', '+13125550102')])
    const conflict = errors.find((marker) => /already has a rule with another number/.test(marker.message))
    expect(conflict?.message).toMatch(/Campaign “termites” already has a rule with another number \(\+12125550101\)/)
    expect(JSON.stringify(conflict?.path)).toBe('["trackingNumbers"]')
  })

  it('reports a rule’s own mistake once, on the rule, not again as a conflict', async () => {
    const errors = await errorsOf([rule('one', 'campaign', 'Termites', '+12125550101'), rule('two', 'campaign', 'termites', '212')])
    expect(errors.some((marker) => /another number/.test(marker.message))).toBe(false)
    expect(errors.some((marker) => JSON.stringify(marker.path).includes('two'))).toBe(true)
  })
})

describe('trackingNumberRulesQuery', () => {
  it('is null on the bundled dataset (no rules: every page shows the default number)', async () => {
    expect(await queryDocuments(docs, trackingNumberRulesQuery)).toBeNull()
  })

  it('returns the rules chooseTrackingNumber reads', async () => {
    const withRules = docs.map((doc) => (doc._id === 'siteSettings' ? { ...doc, trackingNumbers: [rule('a', 'campaign', 'termites-fall', '+12125550101'), rule('b', 'state', 'TX', '+12145550103')] } : doc))
    const rules = await queryDocuments(withRules, trackingNumberRulesQuery)
    expect(rules).toEqual([
      { _key: 'a', match: 'campaign', value: 'termites-fall', phone: '+12125550101' },
      { _key: 'b', match: 'state', value: 'TX', phone: '+12145550103' },
    ])
    expect(chooseTrackingNumber(rules as Parameters<typeof chooseTrackingNumber>[0], { campaign: 'Termites-Fall', state: 'TX' })).toBe('+12125550101')
  })
})
