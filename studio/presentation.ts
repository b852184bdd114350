import { defineLocations, type PresentationPluginOptions } from 'sanity/presentation'

/**
 * Where each document appears on the site, so the Presentation tool opens the right page beside
 * the form. The home page is served at "/".
 */
const pageHref = (slug: string | undefined, homeSlug = 'home') => (!slug || slug === homeSlug ? '/' : `/${slug}`)

export const presentationResolve: PresentationPluginOptions['resolve'] = {
  locations: {
    page: defineLocations({
      select: { title: 'title', slug: 'slug.current' },
      resolve: (doc) => ({ locations: [{ title: doc?.title ?? 'Page', href: pageHref(doc?.slug) }] }),
    }),
    pestPage: defineLocations({
      select: { title: 'pest.name', slug: 'slug.current' },
      resolve: (doc) => ({ locations: [{ title: doc?.title ?? 'Pest page', href: pageHref(doc?.slug) }] }),
    }),
    legalPage: defineLocations({
      select: { title: 'title', slug: 'slug.current' },
      resolve: (doc) => ({ locations: [{ title: doc?.title ?? 'Legal page', href: pageHref(doc?.slug) }] }),
    }),
    siteSettings: defineLocations({
      message: 'Site settings appear on every page',
      tone: 'caution',
      locations: [
        { title: 'Home', href: '/' },
        { title: 'A pest page', href: '/ants' },
      ],
    }),
    pest: defineLocations({
      message: 'Pest photos appear on pest pages and the home page',
      locations: [{ title: 'Home', href: '/' }],
    }),
    faq: defineLocations({
      message: 'FAQs appear on the pages that list them',
      locations: [
        { title: 'Version 2 landing page', href: '/v2' },
        { title: 'Call-only page', href: '/exterminator' },
      ],
    }),
  },
}

export const presentationPreviewUrl: PresentationPluginOptions['previewUrl'] = {
  previewMode: { enable: '/api/draft-mode/enable', disable: '/api/draft-mode/disable' },
}
