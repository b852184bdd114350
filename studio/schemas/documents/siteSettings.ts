import { CogIcon } from '@sanity/icons/Cog'
import { PhoneShownAsField, phoneShownAsHelp } from '../../components/PhoneShownAs'
import { defineArrayMember, defineField, defineType, type StringRule } from 'sanity'
import { dialsSameNumber, formatUsPhone } from '../../../web/lib/phone'
import { trackingNumbersField } from '../objects/trackingNumberRule'
import { isAdsId, isAnalyticsId, isConversionLabel, isGtmId, trackingProblems, type TrackingSettings } from '../../../web/lib/tracking/settings'
import { usPhoneRule } from '../objects/usPhoneRule'
import { callTrackingField, type CallTrackingSite } from '../objects/callTracking'
import { callOutcomesField } from '../objects/callOutcomes'
import { callTrackingProblems } from '../../../web/lib/calls/settings'
import { listRules, textRules } from '../../../web/blocks/schemaHelpers'
import { SERVICE_AREA_GROUP, serviceAreaFields } from '../objects/serviceAreaPages'

/** An optional ID field: empty, or of the form `test` accepts (the message says which). */
function optionalId(test: (value: string) => boolean, message: string) {
  return (rule: StringRule) => rule.custom((value) => (typeof value !== 'string' || value.trim() === '' || test(value.trim()) ? true : message)).error()
}

export const SITE_SETTINGS_ID = 'siteSettings'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'phone', title: 'Phone', default: true },
    { name: 'brand', title: 'Brand' },
    { name: 'footer', title: 'Footer' },
    { name: 'seo', title: 'Search engines' },
    { name: 'notFound', title: 'Page not found' },
    { name: 'tracking', title: 'Tracking' },
    { name: 'calls', title: 'Call tracking' },
    SERVICE_AREA_GROUP,
  ],
  // Settings that only make sense together (see web/lib/tracking/settings.ts).
  validation: (rule) =>
    rule.custom((document) => {
      const doc = (document ?? {}) as TrackingSettings & CallTrackingSite
      const problems = [...trackingProblems(doc), ...callTrackingProblems(doc.callTracking, doc)]
      return problems.length === 0 ? true : problems.join(' ')
    }),
  fields: [
    defineField({
      name: 'phone',
      title: 'Phone number',
      type: 'string',
      group: 'phone',
      description:
        'The one number every call button dials, in international form: +1 then 10 digits, no spaces (for example +18885550142). Changing it here changes every page.',
      validation: usPhoneRule,
    }),
    defineField({
      name: 'phoneDisplay',
      title: 'Phone number as shown',
      type: 'string',
      group: 'phone',
      // The help quotes the number as it is now (it changes when the phone number does).
      description: phoneShownAsHelp(undefined),
      components: { field: PhoneShownAsField },
      validation: (rule) =>
        rule.custom((value, context) => {
          const phone = (context.document as { phone?: string } | undefined)?.phone
          if (!value || !phone) return true
          return dialsSameNumber(value, phone)
            ? true
            : `This must be the same number as the phone number above (${formatUsPhone(phone)}).`
        }).error(),
    }),
    trackingNumbersField,
    defineField({
      name: 'callLabel',
      title: 'Call label',
      type: 'string',
      group: 'phone',
      description: 'Short reassurance shown near call buttons.',
      initialValue: 'FREE consultation • Same-day service • No obligation quote',
      validation: textRules('Write the short line shown near call buttons.', { max: 90, noun: 'call label' }),
    }),
    defineField({
      name: 'headerLabel',
      title: 'Header label',
      type: 'string',
      group: 'phone',
      description: 'Shown before the call button in the header on wide screens.',
      initialValue: 'Speak with our expert:',
      validation: textRules('Write the words before the header’s call button, e.g. “Speak with our expert:”.', { max: 40, noun: 'header label' }),
    }),
    defineField({
      name: 'stickyCallLabel',
      title: 'Phone call bar label',
      type: 'string',
      group: 'phone',
      description: 'The button fixed to the bottom of the screen on phones.',
      validation: textRules('Write the call bar’s text, e.g. “Call Now – Free Quote”.', { max: 40, noun: 'call bar label' }),
    }),
    defineField({
      name: 'brandName',
      title: 'Brand name',
      type: 'string',
      group: 'brand',
      validation: textRules('Write the brand name shown in the header.'),
    }),
    defineField({
      name: 'logo',
      title: 'Logo',
      type: 'image',
      group: 'brand',
      description: 'Optional. Without a logo the header shows a shield icon and the brand name.',
    }),
    defineField({
      name: 'logoAlt',
      title: 'Logo’s alternative text',
      type: 'string',
      group: 'brand',
      description: 'What screen readers say for the header’s logo (the uploaded logo, or the shield and brand name): the business name and “logo”.',
      validation: textRules('Describe the logo for people who cannot see it: the business name and “logo”, e.g. “Local Pest Experts logo”.', { max: 80, noun: 'logo’s alternative text' }),
    }),
    defineField({
      name: 'reviewsUrl',
      title: 'Reviews address',
      type: 'url',
      group: 'brand',
      description: 'Where the ratings shown on the pages come from, e.g. the business’s Google reviews: every shown rating links here. Without it a shown rating blocks the launch check.',
      validation: (rule) => rule.uri({ scheme: ['https'] }).error('Write the full https address of the reviews, e.g. https://g.page/r/….'),
    }),
    defineField({
      name: 'reviewsLabel',
      title: 'Reviews link text',
      type: 'string',
      group: 'brand',
      description: 'The link beside each shown rating, e.g. “Google reviews”.',
      validation: (rule) => [
        rule.custom((value, context) => ((context.document as { reviewsUrl?: string } | undefined)?.reviewsUrl && !value?.trim() ? 'Write the link’s words, e.g. “Google reviews”.' : true)).error(),
        rule.max(40),
      ],
    }),
    defineField({
      name: 'skipLinkLabel',
      title: 'Skip link label',
      type: 'string',
      group: 'brand',
      description: 'Read out first by screen readers, lets keyboard users jump to the content.',
      initialValue: 'Skip to content',
      validation: textRules('Write the skip link’s words, e.g. “Skip to content”.'),
    }),
    defineField({
      name: 'homePage',
      title: 'Home page',
      type: 'reference',
      to: [{ type: 'page' }],
      group: 'brand',
      description: 'The page served at the site address itself (/).',
      validation: (rule) => rule.required().error('Choose the page served at /.'),
    }),
    defineField({
      name: 'footerText',
      title: 'Footer text',
      type: 'text',
      rows: 4,
      group: 'footer',
      description: 'The referral disclosure, on every page: that the site is a free referral service connecting homeowners with independent local providers, who do the work. Reword it, but keep it.',
      validation: (rule) => [
        ...textRules('Write the referral disclosure: that this is a free referral service to independent local providers.')(rule),
        rule.custom((value) => (typeof value === 'string' && value.trim() === '' ? 'Write the referral disclosure: it cannot be blank.' : true)).error(),
        rule.custom((value) => (typeof value === 'string' && value.trim() && !(/referral/i.test(value) && /independent/i.test(value)) ? 'Say that this is a referral service and that the providers are independent, e.g. “… a free referral service that connects homeowners with independent local providers.”' : true)).warning(),
      ],
    }),
    defineField({
      name: 'footerLinks',
      title: 'Footer links',
      type: 'array',
      group: 'footer',
      of: [defineArrayMember({ type: 'link' })],
      validation: listRules('footer links, e.g. the privacy policy'),
    }),
    defineField({
      name: 'copyright',
      title: 'Copyright line',
      type: 'string',
      group: 'footer',
      validation: textRules('Write the copyright line, e.g. “© 2026 Local Pest Experts”.'),
    }),
    defineField({
      name: 'privacyChoicesLabel',
      title: '“Your Privacy Choices” link',
      type: 'string',
      group: 'footer',
      description: 'The footer link that lets any visitor opt out of ad personalization (US privacy laws).',
      initialValue: 'Your Privacy Choices',
      validation: textRules('Write the opt-out link’s words, e.g. “Your Privacy Choices”.', { max: 40, noun: 'link text' }),
    }),
    defineField({
      name: 'privacyChoicesDone',
      title: 'Opt-out confirmation',
      type: 'string',
      group: 'footer',
      description: 'Replaces the link once a visitor has opted out, e.g. “You have opted out of ad personalization.”',
      validation: textRules('Write what replaces the link once a visitor opted out.', { max: 120, noun: 'confirmation' }),
    }),
    defineField({
      name: 'googleAdsId',
      title: 'Google Ads tag ID',
      type: 'string',
      group: 'tracking',
      description: 'Optional. From Google Ads → Goals → Conversions → your call conversion → Tag setup, e.g. AW-123456789. Empty: no Google tag loads.',
      validation: optionalId(isAdsId, 'Write the Google Ads tag ID as AW- followed by its digits, e.g. AW-123456789.'),
    }),
    defineField({
      name: 'callConversionLabel',
      title: 'Call conversion label',
      type: 'string',
      group: 'tracking',
      description: 'The part after the slash in send_to "AW-123456789/AbC-D_efG-h12": each tap on a call button counts as this conversion.',
      validation: optionalId(isConversionLabel, 'The label is 4–40 letters, digits, - or _ (the part after the slash in send_to).'),
    }),
    defineField({
      name: 'forwardingConversionLabel',
      title: 'Calls-from-website conversion label',
      type: 'string',
      group: 'tracking',
      description: 'Optional. For Google forwarding numbers (“Calls from a website” conversion): Google shows its own tracking number in place of the shown number.',
      validation: optionalId(isConversionLabel, 'The label is 4–40 letters, digits, - or _.'),
    }),
    defineField({
      name: 'analyticsId',
      title: 'Google Analytics measurement ID',
      type: 'string',
      group: 'tracking',
      description: 'Optional, e.g. G-ABC123XYZ.',
      validation: optionalId(isAnalyticsId, 'Write the measurement ID as G- followed by letters and digits, e.g. G-ABC123XYZ.'),
    }),
    defineField({
      name: 'gtmId',
      title: 'Google Tag Manager container ID',
      type: 'string',
      group: 'tracking',
      description: 'Optional, instead of the IDs above (never both: two Google tags count every call twice), e.g. GTM-ABC1234. Each call tap is pushed as the event "call_click".',
      validation: optionalId(isGtmId, 'Write the container ID as GTM- followed by letters and digits, e.g. GTM-ABC1234.'),
    }),
    callTrackingField,
    callOutcomesField,
    ...serviceAreaFields,
    defineField({
      name: 'seo',
      title: 'Default search listing',
      type: 'object',
      group: 'seo',
      description: 'Used when a page does not set its own.',
      fields: [
        defineField({ name: 'title', title: 'Site title', type: 'string', validation: textRules('Write the site’s title for search results.') }),
        defineField({
          name: 'description',
          title: 'Description',
          type: 'text',
          rows: 3,
          validation: textRules('Write the description search engines show under the site’s title.', { max: 160, noun: 'description', why: 'Google cuts the rest' }),
        }),
      ],
    }),
    defineField({
      name: 'notFound',
      title: 'Page not found',
      type: 'object',
      group: 'notFound',
      description: 'What a visitor sees at an address that does not exist.',
      fields: [
        defineField({ name: 'code', title: 'Big code', type: 'string', initialValue: '404', validation: textRules('Write the big code, e.g. “404”.') }),
        defineField({
          name: 'heading',
          title: 'Message',
          type: 'string',
          initialValue: 'Oops! Page not found',
          validation: textRules('Write the message, e.g. “Oops! Page not found”.'),
        }),
        defineField({
          name: 'linkLabel',
          title: 'Home link label',
          type: 'string',
          initialValue: 'Return to Home',
          validation: textRules('Write the home link’s words, e.g. “Return to Home”.'),
        }),
      ],
    }),
  ],
  preview: {
    select: { phone: 'phone' },
    prepare: ({ phone }) => ({ title: 'Site settings', subtitle: phone ? formatUsPhone(phone) : 'No phone number yet' }),
  },
})
