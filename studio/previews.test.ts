import { describe, expect, it } from 'vitest'
import { experimentPreview, listedAddress } from './previews'

describe('what the Studio lists', () => {
  it('lists the home page at /, every other page at its slug', () => {
    expect(listedAddress('/home', 'home')).toBe('/ (home page)')
    expect(listedAddress('/about-us', 'home')).toBe('/about-us')
    expect(listedAddress('/home', null)).toBe('/home')
  })

  it('titles an A/B test with plain words (the breadcrumb of a version’s dialog)', () => {
    expect(experimentPreview({ name: 'spring-headline', arms: [{ key: 'a' }, { key: 'b' }] })).toEqual({ title: 'A/B test “spring-headline”', subtitle: 'Versions a, b' })
    expect(experimentPreview({})).toEqual({ title: 'A/B test (no name yet)', subtitle: 'No versions yet' })
  })
})
