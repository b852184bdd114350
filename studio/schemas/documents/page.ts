import { DocumentIcon } from '@sanity/icons/Document'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listRules, textRules } from '../../../web/blocks/schemaHelpers'
import { currentHomePageId } from '../../homePage'
import { experimentPreview, listedAddress } from '../../previews'
import { pageBuilderBlockTypes } from '../../../web/blocks/schemas'
import { normalizeKeyword } from '../../../web/lib/personalization/keyword'
import { AD_INPUT_NAMES } from '../../../web/lib/personalization/variant'
import { heroProblem } from '../../guards'
import { LeadPreview } from '../../LeadPreview'
import { addressOptionsUnique, addressTaken } from './address'
import { EXPERIMENT_HELP, ExperimentField } from '../../components/ExperimentHelp'
import { endedSummary, type PageWithExperiment } from '../../actions/endExperiment'

/** The Ads tab's inputs, named by what the visitor's ad brings and where the page shows it. */
export const AD_INPUT_TITLES: Record<(typeof AD_INPUT_NAMES)[number], string> = {
  keyword: 'The ad’s keyword — shown as the hero’s headline',
  location: 'The visitor’s city from the ad — shown in the hero’s location line',
  headline: 'The ad’s own headline — shown as the hero’s headline',
  question: 'Ask the hero’s headline as a question, when the ad says so',
}

/** The section types a page may hold: the page's Sections list and an A/B version's replacement section offer the same. */
const sectionMembers = pageBuilderBlockTypes.map((type) => ({ type }))

type ArmValue = { replaceSection?: number; section?: unknown[] }

/** Why a version's "Replace section number" does not fit the page, or true. */
export function replaceSectionProblem(number: number | undefined, arm: ArmValue | undefined, sectionCount: number): string | true {
  const hasSection = (arm?.section?.length ?? 0) > 0
  if (number === undefined || number === null) return hasSection ? 'Say which section of the page the new section replaces: 1 is the top section.' : true
  if (!Number.isInteger(number) || number < 1) return 'Use a whole number from 1 up: 1 is the top section, 2 the one below it, and so on.'
  if (sectionCount === 0) return 'The page has no sections yet: add the page’s sections first.'
  if (number > sectionCount) {
    return sectionCount === 1
      ? `The page has only 1 section, so the only section to replace is number 1.`
      : `The page has ${sectionCount} sections: choose a number from 1 to ${sectionCount}.`
  }
  return true
}

/** Why a version's replacement section is missing or too many, or true. */
export function sectionProblem(section: unknown[] | undefined, arm: ArmValue | undefined): string | true {
  const count = section?.length ?? 0
  if (count > 1) return 'A version replaces one section: keep one here and remove the others.'
  const hasNumber = arm?.replaceSection !== undefined && arm?.replaceSection !== null
  if (hasNumber && count === 0) return `Add the section this version shows instead of section ${arm?.replaceSection}, or clear “Replace section number”.`
  return true
}

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  components: { input: LeadPreview },
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'ads', title: 'Ads' },
    { name: 'seo', title: 'Search engines' },
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Name in the Studio',
      type: 'string',
      group: 'content',
      validation: textRules('Write the page’s name, as the Pages list shows it, e.g. “Termite Spring Offer”.'),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      group: 'content',
      description: 'The part after the domain, e.g. “about-us” for /about-us.',
      options: { source: 'title', isUnique: addressOptionsUnique },
      validation: (rule) => [rule.required().error('Give the page an address: press Generate, or write e.g. “termite-offer”.'), rule.custom(addressTaken).error()],
    }),
    defineField({
      name: 'blocks',
      title: 'Sections',
      type: 'array',
      group: 'content',
      of: sectionMembers,
      // A section the Ads tab depends on (the hero that shows the ad's keyword) cannot be removed silently.
      validation: (rule) => [...listRules('sections, e.g. a Hero')(rule), rule.custom((_blocks, context) => heroProblem(context.document as Parameters<typeof heroProblem>[0])).error()],
    }),
    defineField({
      name: 'adInputs',
      title: 'Ad inputs this page reads',
      type: 'array',
      group: 'ads',
      description:
        'What the visitor’s ad may change on this page. The Hero section shows them: its “Headline from the ad” and “Location line” say where. A newly published page uses them within seconds.',
      of: [{ type: 'string', title: 'Ad input' }],
      options: { list: AD_INPUT_NAMES.map((name) => ({ value: name, title: AD_INPUT_TITLES[name] })), layout: 'grid' },
      validation: (rule) => [rule.unique().error('Choose each input once.'), rule.custom((_inputs, context) => heroProblem(context.document as Parameters<typeof heroProblem>[0])).error()],
    }),
    defineField({
      name: 'approvedKeywords',
      title: 'Approved keywords only',
      type: 'array',
      group: 'ads',
      description:
        'Optional. When set, only these keywords change the title; any other shows the default headline. Bounds the number of cached variants and the copy a visitor can see.',
      of: [{ type: 'string', title: 'Keyword' }],
      options: { layout: 'tags' },
      hidden: ({ document }) => !(document?.adInputs as string[] | undefined)?.includes('keyword'),
      validation: (rule) =>
        rule.custom((keywords: string[] | undefined) => {
          const unusable = (keywords ?? []).filter((keyword) => !normalizeKeyword(keyword))
          return unusable.length === 0 ? true : `These are no keywords once cleaned (markup, phone numbers and addresses are removed): ${unusable.join(', ')}`
        }),
    }),
    defineField({
      name: 'experiment',
      title: 'A/B test',
      type: 'object',
      group: 'ads',
      // How a test works, or once it ended: "Ended <date>: b became the page" (the versions are then hidden).
      description: EXPERIMENT_HELP,
      components: { field: ExperimentField },
      fields: [
        defineField({
          name: 'name',
          title: 'Test name',
          type: 'slug',
          description: 'Short, in lower case, e.g. “spring-headline”. It names the test in the call log.',
          validation: (rule) => rule.required().error('Name the test: the call log counts taps by it.'),
        }),
        defineField({ name: 'start', title: 'Starts', type: 'datetime', description: 'Optional: runs from this moment.' }),
        defineField({ name: 'stop', title: 'Stops', type: 'datetime', description: 'Optional: after this moment every visitor sees the first version.' }),
        defineField({ name: 'kept', title: 'Version that became the page', type: 'string', readOnly: true, hidden: true }),
        defineField({
          name: 'arms',
          title: 'Versions',
          type: 'array',
          description: 'The first version is the control (usually without changes).',
          hidden: ({ parent }) => endedSummary(parent as PageWithExperiment['experiment']) !== null,
          of: [
            defineArrayMember({
              type: 'object',
              name: 'arm',
              title: 'Version',
              fields: [
                defineField({
                  name: 'key',
                  title: 'Version name',
                  type: 'string',
                  description: 'Lower-case letters, digits and dashes, e.g. “a”, “b”, “short-title”.',
                  validation: (rule) => rule.required().regex(/^[a-z0-9-]{1,20}$/).error('Name the version with 1–20 lower-case letters, digits or dashes, e.g. “b”.'),
                }),
                defineField({
                  name: 'weight',
                  title: 'Share of visitors (weight)',
                  type: 'number',
                  initialValue: 50,
                  validation: (rule) => rule.required().min(1).max(100).error('Give a weight from 1 to 100 (the share of visitors, relative to the other versions).'),
                }),
                defineField({ name: 'heroTitle', title: 'Hero headline', type: 'string', description: 'Leave empty to keep the page’s.' }),
                defineField({ name: 'heroSubtitle', title: 'Hero subheadline', type: 'string', description: 'Leave empty to keep the page’s.' }),
                defineField({ name: 'heroButtonLabel', title: 'Hero call button label', type: 'string', description: 'Leave empty to keep the page’s.' }),
                defineField({
                  name: 'replaceSection',
                  title: 'Replace section number',
                  type: 'number',
                  description:
                    'Optional. To show a different section in this version, give its place on the page, counted from the top as in the Sections list (1 is the first), and add the new section below. Leave both empty to keep the page’s sections.',
                  validation: (rule) =>
                    rule.custom((number: number | undefined, context) =>
                      replaceSectionProblem(number, context.parent as ArmValue | undefined, (context.document?.blocks as unknown[] | undefined)?.length ?? 0),
                    ).error(),
                }),
                defineField({
                  name: 'section',
                  title: 'New section',
                  type: 'array',
                  description: 'The section this version shows in place of the one numbered above. Add one section.',
                  of: sectionMembers,
                  validation: (rule) => rule.custom((section: unknown[] | undefined, context) => sectionProblem(section, context.parent as ArmValue | undefined)).error(),
                }),
              ],
              preview: {
                select: { title: 'key', subtitle: 'heroTitle', weight: 'weight', replaceSection: 'replaceSection' },
                prepare: ({ title, subtitle, weight, replaceSection }) => ({
                  title: `${title ?? '?'} · weight ${weight ?? '?'}`,
                  subtitle: [subtitle, replaceSection ? `replaces section ${replaceSection}` : undefined].filter(Boolean).join(' · ') || undefined,
                }),
              },
            }),
          ],
          validation: (rule) =>
            rule.custom((arms: { key?: string }[] | undefined) => {
              if (!arms || arms.length === 0) return true
              if (arms.length < 2) return 'A test needs at least two versions.'
              const keys = arms.map((arm) => arm.key)
              return new Set(keys).size === keys.length ? true : 'Give each version its own name.'
            }).error(),
        }),
      ],
      preview: { select: { name: 'name.current', arms: 'arms' }, prepare: experimentPreview },
    }),
    defineField({
      name: 'chrome',
      title: 'Site header and footer',
      type: 'string',
      group: 'content',
      description: 'Sample company templates use their own header and footer sections instead.',
      options: {
        list: [
          { title: 'Show the site’s header and footer', value: 'site' },
          { title: 'None (the page brings its own)', value: 'none' },
        ],
        layout: 'radio',
      },
      initialValue: 'site',
      validation: (rule) => rule.required().error('Choose whether the page shows the site’s header and footer.'),
    }),
    defineField({
      name: 'callBar',
      title: 'Phone call bar',
      type: 'string',
      group: 'content',
      description: 'The call button fixed to the bottom of the screen.',
      options: {
        list: [
          { title: 'Always, on phones', value: 'phones' },
          { title: 'After the visitor scrolls past the hero, on every screen', value: 'afterHero' },
          { title: 'None', value: 'none' },
        ],
        layout: 'radio',
      },
      initialValue: 'phones',
      validation: (rule) => rule.required().error('Choose when the phone call bar shows.'),
    }),
    defineField({
      name: 'callToast',
      title: 'Message when a call button is tapped',
      type: 'object',
      group: 'content',
      description: 'Optional. When set, every call button of the page (its sections, the header, the call bar and the footer number) only shows this message: it opens no dialer and logs no call (the spec’s simple landing page), unless “Call buttons also call” is switched on.',
      fields: [
        defineField({ name: 'title', title: 'Title', type: 'string', validation: textRules('Write the message’s title, e.g. “Calling…”.') }),
        defineField({ name: 'message', title: 'Message', type: 'string', validation: textRules('Write the message, e.g. “Your phone is opening the dialer.”.') }),
        defineField({
          name: 'alsoCall',
          title: 'Call buttons also call',
          type: 'boolean',
          // No initial value: it would make every new page hold a message with nothing in it, which the two fields above refuse.
          description: 'Off: the call buttons only show the message, as the spec has it. On: they show the message, open the phone’s dialer and the call is counted.',
        }),
      ],
    }),
    defineField({ name: 'seo', title: 'Search engine listing', type: 'seo', group: 'seo', validation: (rule) => rule.required().error('Fill in “Search engine listing” on the Search engines tab: Page title and Meta description.') }),
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current', id: '_id' },
    prepare: ({ title, slug, id }) => ({ title, subtitle: listedAddress(slug, id, currentHomePageId()) }),
  },
})
