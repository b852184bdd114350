import { describe, expect, it } from 'vitest'
import { experimentPreview, listedAddress } from './previews'
import { pestPage } from './schemas/documents/pestPage'

describe('what the Studio lists', () => {
  it('lists the home page at /, every other page at its slug', () => {
    expect(listedAddress('home', 'page-home', 'page-home')).toBe('/ (home page)')
    expect(listedAddress('home', 'drafts.page-home', 'page-home')).toBe('/ (home page)')
    expect(listedAddress('about-us', 'page-about', 'page-home')).toBe('/about-us')
    expect(listedAddress('home', 'page-home', null)).toBe('/home')
    expect(listedAddress(undefined, 'page-new', 'page-home')).toBe('No address yet')
  })

  it('titles an A/B test with plain words (the breadcrumb of a version’s dialog)', () => {
    expect(experimentPreview({ name: 'spring-headline', arms: [{ key: 'a' }, { key: 'b' }] })).toEqual({ title: 'A/B test “spring-headline”', subtitle: 'Versions a, b' })
    expect(experimentPreview({})).toEqual({ title: 'A/B test (no name yet)', subtitle: 'No versions yet' })
  })
})

describe('the Pest pages list', () => {
  it('shows the pest’s photo as a thumbnail only when the page shows the photo', () => {
    const prepare = pestPage.preview!.prepare! as (value: Record<string, unknown>) => { media: unknown }
    const photo = { asset: { _ref: 'image-x-10x10-png' } }
    expect(prepare({ title: 'Ants', slug: 'ants', media: photo, showsPhoto: true }).media).toBe(photo)
    expect(prepare({ title: 'Ants', slug: 'ants', media: photo, showsPhoto: false }).media).not.toBe(photo)
    expect(prepare({ title: 'Ants', slug: 'ants', media: photo }).media).not.toBe(photo)
  })
})
