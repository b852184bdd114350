import { ROUTED_TYPES } from '@/lib/sanity/routedTypes'
import { TAGS } from './loaders'

/**
 * What the publish webhook sends (its projection, see README):
 *   {_id, _type, "slug": slug.current, "previousSlug": before().slug.current}
 */
export interface PublishedDocument {
  _id?: string
  _type?: string
  slug?: string | null
  previousSlug?: string | null
}


/** Exactly the cache tags a changed document affects, so a publish refreshes what it changed and no more. */
export function tagsFor(document: PublishedDocument): string[] {
  switch (document._type) {
    case 'siteSettings':
      // The phone, labels, footer and home page reach every page; its tracking-number rules decide
      // which pages have variants, as the list of addresses does.
      return [TAGS.settings, TAGS.routes]
    case 'pest':
      return [TAGS.pests]
    case 'faq':
      return [TAGS.faqs]
    // Where a provider works decides which service-area pages exist (the list of addresses); notes change those pages only.
    case 'provider':
      return [TAGS.serviceArea, TAGS.routes]
    case 'placeNote':
    case 'pestStateNote':
      return [TAGS.serviceArea]
    default: {
      if (!document._type || !ROUTED_TYPES.includes(document._type)) return []
      const slugs = [document.slug, document.previousSlug].filter((slug): slug is string => typeof slug === 'string' && slug !== '')
      // Site settings read the home page's slug: a renamed or deleted page may be the home page.
      const addressGone = typeof document.previousSlug === 'string' && document.previousSlug !== '' && document.previousSlug !== document.slug
      // A new, renamed or deleted address also changes the list of addresses.
      return [...new Set(slugs.map(TAGS.slug)), TAGS.routes, ...(addressGone ? [TAGS.settings] : [])]
    }
  }
}
