import type { BlockContext } from '../../web/blocks/types'

/** A small, fixed context for block component tests (not the bundled dataset, so tests state their own data). */
export const testContext: BlockContext = {
  site: {
    phone: '+12025550173',
    phoneDisplay: null,
    callLabel: 'FREE consultation • Same-day service • No obligation quote',
    headerLabel: 'Speak with our expert:',
    stickyCallLabel: 'Call Now',
    brandName: 'Test Pest Co',
    reviewsUrl: null,
    reviewsLabel: null,
    skipLinkLabel: 'Skip to content',
    logo: null,
    logoAlt: 'Test Pest Co logo',
    homeSlug: 'home',
    footerText: 'A referral service.',
    footerLinks: [{ _key: 'a', label: 'Home', href: '/', toPage: true }],
    copyright: '© 2024 Test Pest Co',
    seo: { title: 'Test', description: 'Test site' },
    notFound: { code: '404', heading: 'Oops! Page not found', linkLabel: 'Return to Home' },
    privacyChoicesLabel: 'Your Privacy Choices',
    privacyChoicesDone: 'You have opted out.',
    googleAdsId: null,
    callConversionLabel: null,
    forwardingConversionLabel: null,
    analyticsId: null,
    gtmId: null,
    numberPool: false,
  },
  pests: [
    { name: 'Ants', imageAlt: 'An ant', illustrationAlt: 'Drawing of an ant', imageFile: 'ant', matchWords: ['ant', 'ants'], image: null },
    { name: 'Wasps', imageAlt: 'A paper wasp', illustrationAlt: 'Drawing of a wasp', imageFile: 'wasp', matchWords: ['wasp', 'wasps'], image: null },
  ],
}

export const TEST_TEL = 'tel:+12025550173'
