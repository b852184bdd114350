import { describe, expect, it } from 'vitest'
import { GOOGLE_TAG_ORIGIN, trackerConfig, trackingProblems } from './settings'

describe('tracking settings', () => {
  it('empty settings load nothing', () => {
    expect(trackerConfig({}, '(888) 555-0142')).toEqual({})
    expect(trackerConfig(null, '(888) 555-0142')).toEqual({})
    expect(trackingProblems({})).toEqual([])
  })

  it('a Google Ads tag with its call conversion label', () => {
    expect(trackerConfig({ googleAdsId: 'AW-123456789', callConversionLabel: 'AbC-D_efG' }, '(888) 555-0142')).toEqual({
      origin: GOOGLE_TAG_ORIGIN,
      ads: 'AW-123456789',
      label: 'AbC-D_efG',
      ga: undefined,
      gtm: undefined,
      forwardingLabel: undefined,
      shownPhone: undefined,
    })
  })

  it('never loads Tag Manager beside the Google tag, and says why', () => {
    const settings = { googleAdsId: 'AW-123456789', callConversionLabel: 'label1', gtmId: 'GTM-ABC1234' }
    expect(trackingProblems(settings)).toEqual(['Use either the Google tag IDs or a Tag Manager container, not both: two Google tags count every call twice.'])
    expect(trackerConfig(settings, '').gtm).toBeUndefined()
  })

  it('names half-set pairs', () => {
    expect(trackingProblems({ callConversionLabel: 'label1' })).toEqual(['A call conversion label needs the Google Ads tag ID (AW-…) it belongs to.'])
    expect(trackingProblems({ googleAdsId: 'AW-123456789' })).toEqual(['Add the call conversion label, or calls are not counted as conversions.'])
  })

  it('ignores malformed IDs rather than loading something wrong', () => {
    expect(trackerConfig({ googleAdsId: 'AW-12<script>', analyticsId: 'UA-1' }, '')).toEqual({})
  })

  it('passes the shown number for the forwarding-number conversion', () => {
    const config = trackerConfig({ googleAdsId: 'AW-123456789', callConversionLabel: 'label1', forwardingConversionLabel: 'fwd123' }, '(888) 555-0142')
    expect(config).toMatchObject({ forwardingLabel: 'fwd123', shownPhone: '(888) 555-0142' })
  })
})
