import type { DocumentValidationMarker } from '@sanity/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudioValidator, type StudioValidator } from '../../../tests/support/studioValidator'
import { bundledDocuments } from '../../../web/lib/sanity/localDataset'

/** Site settings → Phone number and Tracking numbers, through the Studio's own validator. */
const settings = bundledDocuments().find((doc) => doc._id === 'siteSettings')!
let validator: StudioValidator

beforeAll(async () => {
  validator = await startStudioValidator()
})
afterAll(() => validator?.close())

function markersOf(changes: Record<string, unknown>): Promise<DocumentValidationMarker[]> {
  return validator.markersOf({ ...structuredClone(settings), ...changes })
}

const FICTION = /555-0100 to 555-0199 numbers are reserved for fiction/

describe('Site settings: a number calls cannot reach is a warning, never an error', () => {
  it('warns on a 555-01xx phone number, on the field, and still lets it publish', async () => {
    const markers = await markersOf({ phone: '+18885550142' })
    const warning = markers.find((marker) => FICTION.test(marker.message))
    expect(warning?.level).toBe('warning')
    expect(warning?.path).toEqual(['phone'])
    expect(markers.filter((marker) => marker.level === 'error')).toEqual([])
  })

  it('warns on a number with no valid area code', async () => {
    const markers = await markersOf({ phone: '+12007363100' })
    expect(markers.find((marker) => /not a valid US phone number/.test(marker.message))?.level).toBe('warning')
  })

  it('says nothing about a real number', async () => {
    const markers = await markersOf({ phone: '+12127363100' })
    expect(markers.filter((marker) => JSON.stringify(marker.path) === '["phone"]')).toEqual([])
  })

  it('warns on a tracking number in the fictional range', async () => {
    const markers = await markersOf({ trackingNumbers: [{ _key: 'a', _type: 'trackingNumberRule', match: 'source', value: 'bing', phone: '+13125550155' }] })
    const warning = markers.find((marker) => FICTION.test(marker.message))
    expect(warning?.level).toBe('warning')
    expect(JSON.stringify(warning?.path)).toContain('phone')
  })
})

describe('with call tracking on, a number reserved for fiction cannot be published', () => {
  const tracking = { enabled: true, businessLine: '+13125550150', pool: ['+13125550161'], timeZone: 'America/Chicago' }

  it('is an error on the main number, the business line and each pool number, saying why and the way out', async () => {
    const markers = await markersOf({ phone: '+18885550142', callTracking: tracking })
    const refused = markers.filter((marker) => FICTION.test(marker.message))
    expect(refused.map((marker) => [marker.level, JSON.stringify(marker.path)])).toEqual([
      ['error', '["phone"]'],
      ['error', '["callTracking","businessLine"]'],
      ['error', '["callTracking","pool",0]'],
    ])
    expect(refused[0]?.message).toBe('555-0100 to 555-0199 numbers are reserved for fiction, and call tracking is on: calls to this number ring nowhere. Write the real number, or switch call tracking off.')
  })

  it('passes with real numbers', async () => {
    const markers = await markersOf({ phone: '+12127363100', callTracking: { ...tracking, businessLine: '+13122805000', pool: ['+13122805001'] } })
    expect(markers.filter((marker) => FICTION.test(marker.message))).toEqual([])
  })
})
