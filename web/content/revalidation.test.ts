import { describe, expect, it } from 'vitest'
import { tagsFor } from './revalidation'

describe('tagsFor', () => {
  it('refreshes every page for a settings change (the phone number)', () => {
    expect(tagsFor({ _type: 'siteSettings', _id: 'siteSettings' })).toEqual(['siteSettings', 'routes'])
  })

  it('refreshes just that page for a page, pest page or legal page', () => {
    expect(tagsFor({ _type: 'pestPage', slug: 'ants' })).toEqual(['slug:ants', 'routes'])
    expect(tagsFor({ _type: 'legalPage', slug: 'privacy-policy' })).toEqual(['slug:privacy-policy', 'routes'])
  })

  it('refreshes both addresses when a slug changes', () => {
    // …and the settings, which name the home page by its slug.
    expect(tagsFor({ _type: 'page', slug: 'offers', previousSlug: 'deals' })).toEqual(['slug:offers', 'slug:deals', 'routes', 'siteSettings'])
    expect(tagsFor({ _type: 'page', slug: null, previousSlug: 'home' })).toEqual(['slug:home', 'routes', 'siteSettings'])
    expect(tagsFor({ _type: 'page', slug: 'offers', previousSlug: 'offers' })).toEqual(['slug:offers', 'routes'])
  })

  it('refreshes pages showing pests or FAQs for those documents', () => {
    expect(tagsFor({ _type: 'pest' })).toEqual(['pest'])
    expect(tagsFor({ _type: 'faq' })).toEqual(['faq'])
  })

  it('refreshes the service-area pages for a provider or a note, and the list of addresses for a provider', () => {
    expect(tagsFor({ _type: 'provider', _id: 'provider-austin' })).toEqual(['serviceArea', 'routes'])
    expect(tagsFor({ _type: 'placeNote', _id: 'note-austin' })).toEqual(['serviceArea'])
    expect(tagsFor({ _type: 'pestStateNote', _id: 'note-ants-tx' })).toEqual(['serviceArea'])
  })

  it('refreshes nothing for unknown types', () => {
    expect(tagsFor({ _type: 'sanity.imageAsset' })).toEqual([])
    expect(tagsFor({})).toEqual([])
  })
})
