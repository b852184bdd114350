import { describe, expect, it } from 'vitest'
import { dialsSameNumber, formatUsPhone, isUsE164, telHref } from './phone'

describe('phone', () => {
  it('accepts only +1 and ten digits with valid area and exchange codes', () => {
    expect(isUsE164('+18885550142')).toBe(true)
    expect(isUsE164('18885550142')).toBe(false)
    expect(isUsE164('+1 888 555 0142')).toBe(false)
    expect(isUsE164('+11885550142')).toBe(false)
    expect(isUsE164('+1888155014')).toBe(false)
  })

  it('formats the display form the US way', () => {
    expect(formatUsPhone('+18885550142')).toBe('(888) 555-0142')
    expect(formatUsPhone('not a number')).toBe('not a number')
  })

  it('builds a tel: link of only + and digits', () => {
    expect(telHref('+18885550142')).toBe('tel:+18885550142')
    expect(telHref('+1 (888) 555-0142')).toBe('tel:+18885550142')
  })

  it('checks that a display form dials the same number', () => {
    expect(dialsSameNumber('1-888-555-0142', '+18885550142')).toBe(true)
    expect(dialsSameNumber('(888) 555-0142', '+18885550142')).toBe(true)
    expect(dialsSameNumber('(888) 555-0143', '+18885550142')).toBe(false)
  })
})
