import { describe, expect, it } from 'vitest'
import { phoneShownAsHelp } from './PhoneShownAs'

describe('the help under “Phone number as shown”', () => {
  it('quotes the phone number as it is now', () => {
    expect(phoneShownAsHelp('+12127363100')).toBe('Optional. How the number is written on the page. Leave empty to show it as (212) 736-3100.')
    expect(phoneShownAsHelp('+13125550150')).toContain('(312) 555-0150')
  })

  it('with no usable number yet, quotes none', () => {
    expect(phoneShownAsHelp(undefined)).not.toMatch(/888/)
  })
})
