import { UsersIcon } from '@sanity/icons/Users'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { hoursLineProblem, providerPhoneProblem, USPS_STATES, zipProblem, type SiteNumbers } from '../../../web/lib/providers/provider'
import { isTimeZone } from '../../../web/lib/calls/settings'
import { portalEmailOwnersQuery, providerLicenceStatesQuery, providerSiteNumbersQuery } from '../../../web/content/queries'
import { isEmail } from '../../../web/lib/portal/access'
import { licenceGaps, type LicenceArea } from '../../../web/lib/providers/licences'
import { VOICE_DEFAULTS } from '../../../web/lib/calls/settings'
import { studioEnv } from '../../env'
import { PlaceSearchInput } from '../inputs/PlaceSearchInput'

const US_TIME_ZONES = [
  { title: 'Eastern (New York)', value: 'America/New_York' },
  { title: 'Central (Chicago)', value: 'America/Chicago' },
  { title: 'Mountain (Denver)', value: 'America/Denver' },
  { title: 'Mountain, no daylight saving (Phoenix)', value: 'America/Phoenix' },
  { title: 'Pacific (Los Angeles)', value: 'America/Los_Angeles' },
  { title: 'Alaska (Anchorage)', value: 'America/Anchorage' },
  { title: 'Hawaii (Honolulu)', value: 'Pacific/Honolulu' },
  { title: 'Atlantic (Puerto Rico)', value: 'America/Puerto_Rico' },
]

const DAYS = [
  { title: 'Monday', value: 'mon' },
  { title: 'Tuesday', value: 'tue' },
  { title: 'Wednesday', value: 'wed' },
  { title: 'Thursday', value: 'thu' },
  { title: 'Friday', value: 'fri' },
  { title: 'Saturday', value: 'sat' },
  { title: 'Sunday', value: 'sun' },
]

const whole = (message: string) => (value: unknown) => (value === undefined || value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0) ? true : message)

/**
 * An independent local provider calls are routed to (web/lib/providers): where it works, which pests, when it
 * is open, how many calls it buys and what each is worth (docs/calls.md).
 */
export const provider = defineType({
  name: 'provider',
  title: 'Provider',
  type: 'document',
  icon: UsersIcon,
  description: 'An independent local provider: with call routing on (Site settings → Call tracking), calls from its area reach it first.',
  groups: [
    { name: 'who', title: 'Provider', default: true },
    { name: 'area', title: 'Area and pests' },
    { name: 'hours', title: 'Hours' },
    { name: 'billing', title: 'Caps and payout' },
  ],
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', group: 'who', validation: (rule) => rule.required().error('Write the provider’s name.') }),
    defineField({
      name: 'phone',
      title: 'Phone',
      type: 'string',
      group: 'who',
      description: 'The line the provider answers, e.g. +12145550142. Never shown on a page.',
      validation: (rule) =>
        rule
          .custom(async (value, context) => {
            const site = await context.getClient({ apiVersion: studioEnv.apiVersion }).fetch<SiteNumbers | null>(providerSiteNumbersQuery)
            return providerPhoneProblem(value, site ?? {}) ?? true
          })
          .error(),
    }),
    defineField({ name: 'active', title: 'Takes calls', type: 'boolean', group: 'who', initialValue: true, description: 'Off: no call is routed to this provider; its past calls stay in the statements.' }),
    defineField({
      name: 'portalEmails',
      title: 'Portal e-mails',
      type: 'array',
      group: 'who',
      of: [defineArrayMember({ type: 'string', title: 'E-mail address' })],
      description: 'Addresses that may sign in to the provider portal (/portal) for this provider, by a one-time link e-mailed to them. Removing an address, or turning “Takes calls” off, ends its sessions at once.',
      validation: (rule) =>
        rule
          .custom(async (emails, context) => {
            const list = (emails ?? []).map((email) => (typeof email === 'string' ? email.trim().toLowerCase() : ''))
            const bad = list.find((email) => !isEmail(email))
            if (bad !== undefined) return `“${bad}” is not an e-mail address: write one like owner@example.com.`
            if (new Set(list).size !== list.length) return 'An address is listed twice: remove the second.'
            if (list.length === 0) return true
            const id = (context.document?._id ?? '').replace(/^drafts\./, '')
            const others = await context.getClient({ apiVersion: studioEnv.apiVersion }).fetch<string[]>(portalEmailOwnersQuery, { id, emails: list })
            return others.length === 0 ? true : `An address here is already a portal e-mail of ${others.join(', ')}: an address signs in for one provider only. Remove it here or there.`
          })
          .error(),
    }),
    defineField({
      name: 'whisper',
      title: 'What the provider hears first',
      type: 'text',
      rows: 2,
      group: 'who',
      description: 'Read to the provider before the caller is joined. {place}, {pest} and {page} are filled in, e.g. “Call about {pest} in {place}.”',
      validation: (rule) => rule.max(300),
    }),
    defineField({ name: 'acceptWithKey', title: 'Press 1 to take the call', type: 'boolean', group: 'who', initialValue: false, description: 'On: the provider presses 1 to take the call; anything else counts as not answered and the next provider is tried. Say so in the message above, e.g. “… Press 1 to take it.”' }),
    defineField({
      name: 'states',
      title: 'States',
      type: 'array',
      group: 'area',
      of: [defineArrayMember({ type: 'string', title: 'State' })],
      options: { layout: 'tags' },
      description: 'Two capital letters each, e.g. TX. Calls from anywhere in these states.',
      validation: (rule) => rule.custom((states) => (states ?? []).map((state) => (USPS_STATES.has(String(state)) ? null : `“${String(state)}” is not a state: write its two capital letters, e.g. TX.`)).find(Boolean) ?? true).error(),
    }),
    defineField({
      name: 'zips',
      title: 'ZIP codes',
      type: 'array',
      group: 'area',
      of: [defineArrayMember({ type: 'string', title: 'ZIP code' })],
      options: { layout: 'tags' },
      description: '5 digits for one ZIP code (75201), or the first 3 digits for a whole area (752). A ZIP code match is tried before a place or a state.',
      validation: (rule) => rule.custom((zips) => (zips ?? []).map((zip) => zipProblem(String(zip))).find(Boolean) ?? true).error(),
    }),
    defineField({
      name: 'places',
      title: 'Places',
      type: 'array',
      group: 'area',
      of: [defineArrayMember({ type: 'string', title: 'Place' })],
      options: { layout: 'tags' },
      description: 'Cities and counties: find one by name below, or write the number Google Ads gives the place (e.g. 1026339 for Dallas, TX), the same number the ads add to the landing address.',
      components: { input: PlaceSearchInput },
      validation: (rule) => rule.custom((places) => (places ?? []).map((place) => (/^\d{1,12}$/.test(String(place)) ? null : `“${String(place)}” is not a place number: write the digits only, e.g. 1026339.`)).find(Boolean) ?? true).error(),
    }),
    defineField({
      name: 'licences',
      title: 'Licences',
      type: 'array',
      group: 'area',
      description: 'The provider’s pest-control licence number for each state that asks for one (Site settings → Call tracking → States that require a provider licence). A caller located in such a state reaches only providers licensed there.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'licence',
          title: 'Licence',
          fields: [
            defineField({ name: 'state', title: 'State', type: 'string', description: 'Two capital letters, e.g. FL.', validation: (rule) => rule.custom((state) => (typeof state === 'string' && USPS_STATES.has(state) ? true : 'Write the state’s two capital letters, e.g. FL.')).error() }),
            defineField({ name: 'number', title: 'Licence number', type: 'string', description: 'As the state’s licence lists it, e.g. JB123456.', validation: (rule) => rule.required().error('Write the licence number, or remove this licence.') }),
          ],
          preview: { select: { state: 'state', number: 'number' }, prepare: ({ state, number }) => ({ title: `${state ?? '?'} ${number ?? ''}`.trim() }) },
        }),
      ],
      validation: (rule) =>
        rule
          .custom(async (_value, context) => {
            const stored = await context.getClient({ apiVersion: studioEnv.apiVersion }).fetch<string[] | null>(providerLicenceStatesQuery)
            const gaps = licenceGaps((context.document ?? {}) as LicenceArea, stored ?? VOICE_DEFAULTS.licenceStates)
            return gaps.length === 0 ? true : `Serves ${gaps.join(' and ')} without a licence there: callers located in ${gaps.length === 1 ? 'that state' : 'those states'} never reach this provider. Add the licence number, or take the state off.`
          })
          .warning(),
    }),
    defineField({ name: 'everywhere', title: 'Everywhere', type: 'boolean', group: 'area', initialValue: false, description: 'Takes calls from anywhere, after the providers of the caller’s own ZIP code, place or state.' }),
    defineField({ name: 'pests', title: 'Pests', type: 'array', group: 'area', of: [defineArrayMember({ type: 'reference', title: 'Pest', to: [{ type: 'pest' }] })], description: 'Empty: every pest.' }),
    defineField({
      name: 'hours',
      title: 'Hours',
      type: 'array',
      group: 'hours',
      description: 'When calls may reach the provider, in its own time zone. No hours: always open.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'openHours',
          title: 'Opening hours',
          fields: [
            defineField({ name: 'day', title: 'Day', type: 'string', options: { list: DAYS } }),
            defineField({ name: 'open', title: 'Opens', type: 'string', description: '24-hour clock, e.g. 08:00' }),
            defineField({ name: 'close', title: 'Closes', type: 'string', description: '24-hour clock, e.g. 17:30' }),
          ],
          validation: (rule) => rule.custom((line) => hoursLineProblem(line as { day?: string; open?: string; close?: string }) ?? true).error(),
          preview: { select: { day: 'day', open: 'open', close: 'close' }, prepare: ({ day, open, close }) => ({ title: `${DAYS.find((d) => d.value === day)?.title ?? '?'} ${open ?? '?'}–${close ?? '?'}` }) },
        }),
      ],
    }),
    defineField({
      name: 'timeZone',
      title: 'Time zone',
      type: 'string',
      group: 'hours',
      options: { list: US_TIME_ZONES },
      initialValue: 'America/New_York',
      validation: (rule) => rule.custom((zone) => (typeof zone !== 'string' || isTimeZone(zone) ? true : `“${zone}” is not a time zone: choose one from the list.`)).error(),
    }),
    defineField({ name: 'priority', title: 'Priority', type: 'number', group: 'billing', initialValue: 1, description: '1 is tried first among providers of the same area.', validation: (rule) => rule.min(1).integer() }),
    defineField({ name: 'weight', title: 'Share', type: 'number', group: 'billing', initialValue: 1, description: 'Among providers of the same area and priority, how often this one is tried first: a share of 2 gets twice the first tries of a share of 1.', validation: (rule) => rule.min(0) }),
    defineField({ name: 'dailyCap', title: 'Paid calls per day', type: 'number', group: 'billing', description: 'Empty: no limit. Days as in Site settings → Call tracking’s time zone.', validation: (rule) => rule.custom(whole('Write a whole number of calls, or leave it empty.')).error() }),
    defineField({ name: 'monthlyCap', title: 'Paid calls per month', type: 'number', group: 'billing', description: 'Empty: no limit.', validation: (rule) => rule.custom(whole('Write a whole number of calls, or leave it empty.')).error() }),
    defineField({ name: 'maxConcurrent', title: 'Calls at once', type: 'number', group: 'billing', initialValue: 1, validation: (rule) => rule.min(1).integer() }),
    defineField({ name: 'payout', title: 'Paid per call', type: 'number', group: 'billing', description: 'What the provider owes per paid call, in the conversion currency (Site settings → Call tracking).', validation: (rule) => rule.min(0) }),
    defineField({ name: 'billableSeconds', title: 'Paid after (seconds of talk)', type: 'number', group: 'billing', description: 'A call is paid when the talk lasts at least this long. Empty: the qualified-call minimum of Site settings → Call tracking.', validation: (rule) => rule.custom(whole('Write a whole number of seconds, or leave it empty.')).error() }),
    defineField({ name: 'duplicateDays', title: 'Same caller again (days)', type: 'number', group: 'billing', initialValue: 30, description: 'A caller who already made a paid call to this provider within this many days is not paid for again. Empty: 30; 0: every call is paid.', validation: (rule) => rule.custom(whole('Write a whole number of days, or leave it empty.')).error() }),
  ],
  preview: {
    select: { title: 'name', phone: 'phone', active: 'active', states: 'states', everywhere: 'everywhere' },
    prepare: ({ title, phone, active, states, everywhere }) => ({
      title: title || 'Provider without a name',
      subtitle: [active === false ? 'Paused' : '', everywhere ? 'Everywhere' : ((states as string[] | undefined) ?? []).join(', '), phone].filter(Boolean).join(' · '),
    }),
  },
})
