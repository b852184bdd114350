import type { DocumentValidationMarker } from '@sanity/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { sentAsHelp } from '../../studio/components/FinalText'
import { startStudioValidator, type StudioValidator } from '../support/studioValidator'

/**
 * What the Studio refuses or warns about so the site records, texts, refers and rates only as the rules allow,
 * through Sanity's own validator (what blocks Publish) on the bundled content with one change each.
 */
const settings = bundledDocuments().find((doc) => doc._id === 'siteSettings')!
let validator: StudioValidator

beforeAll(async () => {
  validator = await startStudioValidator()
})
afterAll(() => validator?.close())

const at = async (document: Record<string, unknown>, field: string, level: DocumentValidationMarker['level']) =>
  (await validator.markersOf(document)).filter((marker) => marker.level === level && marker.path.at(-1) === field).map((marker) => marker.message)

const callTracking = (fields: Record<string, unknown>) => ({ ...structuredClone(settings), callTracking: { ...(settings.callTracking as object), enabled: true, businessLine: '+13125550150', ...fields } })

describe('Site settings', () => {
  it('refuses a recording announcement that does not say the call is recorded and transcribed', async () => {
    expect(await at(callTracking({ recording: true, recordingNotice: 'This call may be recorded.' }), 'recordingNotice', 'error')).toEqual([
      'Say that the call is recorded and transcribed, e.g. “This call is recorded and transcribed to help us serve you better.”',
    ])
    expect(await at(callTracking({ recording: true, recordingNotice: 'This call is recorded and transcribed.' }), 'recordingNotice', 'error')).toEqual([])
  })

  it('keeps the referral disclosure: reworded, never blank; warns when it no longer says referral and independent', async () => {
    expect(await at({ ...structuredClone(settings), footerText: '   ' }, 'footerText', 'error')).toContain('Write the referral disclosure: it cannot be blank.')
    expect(await at({ ...structuredClone(settings), footerText: 'We are pest-control experts.' }, 'footerText', 'warning')).toEqual([expect.stringMatching(/^Say that this is a referral service and that the providers are independent/)])
    expect(await at({ ...structuredClone(settings), footerText: 'A free referral service to independent local pros.' }, 'footerText', 'warning')).toEqual([])
  })

  it('with routing on, refuses an empty spoken referral', async () => {
    expect(await at(callTracking({ routing: true }), 'spokenReferral', 'error')).toEqual([expect.stringMatching(/^Routing is on: write what callers hear first/)])
    expect(await at(callTracking({ routing: true, spokenReferral: 'Thanks for calling {business}, a free referral service.' }), 'spokenReferral', 'error')).toEqual([])
  })

  it('shows the text as a caller gets it', () => {
    expect(sentAsHelp('textBack', 'Sorry we missed you', 'Acme Pest', null)).toBe('Sent as: “Acme Pest: Sorry we missed you. Reply STOP to opt out.”')
    expect(sentAsHelp('help', '', 'Acme Pest', '+12125550142')).toMatch(/^Sent as: “Acme Pest: For help call \(212\) 555-0142\. Msg & data rates may apply\. Reply STOP to opt out\.”/)
  })
})

describe('a provider', () => {
  const provider = { _id: 'drafts.provider-compliance', _type: 'provider', name: 'Sunshine Sprayers', phone: '+13055550401', active: true, states: ['FL', 'GA'] }

  it('is warned about a state that asks for a licence it does not have, and not once it has one', async () => {
    expect(await at(provider, 'licences', 'warning')).toEqual(['Serves FL without a licence there: callers located in that state never reach this provider. Add the licence number, or take the state off.'])
    expect(await at({ ...provider, licences: [{ _key: 'fl', _type: 'licence', state: 'FL', number: 'JB123456' }] }, 'licences', 'warning')).toEqual([])
  })
})
