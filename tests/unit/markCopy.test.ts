import { describe, expect, it } from 'vitest'
import { COPY_MARKER, isNumbersOrPunctuation, markCopy } from '../support/markCopy'

describe('markCopy', () => {
  it('marks words an editor writes and leaves identifiers, enums, addresses and the phone alone', () => {
    const [marked] = markCopy([
      {
        _id: 'x',
        _type: 'page',
        slug: { _type: 'slug', current: 'ants' },
        chrome: 'site',
        phone: '+18885550142',
        blocks: [{ _type: 'hero', _key: 'k', title: 'Ants', benefits: ['Fast'], rating: 5 }],
        body: [{ _type: 'block', style: 'normal', markDefs: [{ _key: 'm', _type: 'link', href: '/a' }], children: [{ _type: 'span', text: 'Hi', marks: ['m'] }] }],
      },
    ])
    expect(marked).toEqual({
      _id: 'x',
      _type: 'page',
      slug: { _type: 'slug', current: 'ants' },
      chrome: 'site',
      phone: '+18885550142',
      blocks: [{ _type: 'hero', _key: 'k', title: `Ants${COPY_MARKER}`, benefits: [`Fast${COPY_MARKER}`], rating: 5 }],
      body: [{ _type: 'block', style: 'normal', markDefs: [{ _key: 'm', _type: 'link', href: '/a' }], children: [{ _type: 'span', text: `Hi${COPY_MARKER}`, marks: ['m'] }] }],
    })
  })

  it('excepts only digits and punctuation', () => {
    expect(isNumbersOrPunctuation('95%')).toBe(true)
    expect(isNumbersOrPunctuation('(888) 555-0142')).toBe(true)
    expect(isNumbersOrPunctuation('4.9/5')).toBe(true)
    expect(isNumbersOrPunctuation('Call now')).toBe(false)
    expect(isNumbersOrPunctuation('24/7 service')).toBe(false)
  })
})
