import { defineArrayMember, defineField } from 'sanity'
import { PlaceSearchInput } from '../inputs/PlaceSearchInput'
import { SERVICE_AREA_PLACEHOLDERS, unknownPlaceholders } from '../../../web/lib/serviceArea/wording'

/**
 * Site settings → Service-area pages: the switch (off: no such page exists and every such address is the
 * not-found page), the words of the place section and the places built ahead (docs/service-areas.md).
 */
export const SERVICE_AREA_GROUP = { name: 'serviceArea', title: 'Service-area pages' }

/** Most places built ahead: each is one more page to render at every build, for every pest that serves it. */
export const PREBUILD_MAX = 300

const placeholderHelp = `Filled in per page: ${SERVICE_AREA_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`

function wording(name: string, title: string, initialValue: string, description?: string) {
  return defineField({
    name,
    title,
    type: 'string',
    initialValue,
    description: [description, placeholderHelp].filter(Boolean).join(' '),
    validation: (rule) =>
      rule
        .custom((value, context) => {
          const on = (context.document as { serviceAreaPages?: boolean } | undefined)?.serviceAreaPages === true
          if (typeof value !== 'string' || value.trim() === '') return on ? `Write the ${title.toLowerCase()}, e.g. “${initialValue}”: service-area pages are on.` : true
          const unknown = unknownPlaceholders(value)
          return unknown.length === 0 ? true : `${unknown.map((name) => `{${name}}`).join(', ')} cannot be filled in: use only ${SERVICE_AREA_PLACEHOLDERS.map((known) => `{${known}}`).join(', ')}.`
        })
        .error(),
  })
}

export const serviceAreaFields = [
  defineField({
    name: 'serviceAreaPages',
    title: 'Service-area pages',
    type: 'boolean',
    group: SERVICE_AREA_GROUP.name,
    initialValue: false,
    description:
      'On: every pest page gets a page per place an active provider serves (/ants/texas/austin) and one per state (/ants/texas), with the providers, their ZIP codes and hours, and nearby places. Search engines see a place page only when a provider lists the place or its ZIP codes, or it has a place note. Off: none of these addresses exist.',
  }),
  defineField({
    name: 'serviceAreaWording',
    title: 'Service-area page wording',
    type: 'object',
    group: SERVICE_AREA_GROUP.name,
    hidden: ({ document }) => document?.serviceAreaPages !== true,
    options: { collapsible: false },
    fields: [
      wording('placeTitle', 'Place page title', '{service} in {place}, {state}', 'The browser tab and search result title of a place page.'),
      wording('placeDescription', 'Place page description', 'Local {pest} control in {place}, {stateName}: the providers who serve {place}, their ZIP codes and hours. Free quotes.'),
      wording('stateTitle', 'State page title', '{service} in {stateName}'),
      wording('stateDescription', 'State page description', 'Local {pest} control across {stateName}: find the places our providers serve.'),
      wording('providersHeading', 'Providers heading', 'Local providers serving {place}'),
      wording('coversAll', 'Serves the whole place', 'Serves all of {place}'),
      wording('coversZips', 'Serves some ZIP codes', 'Serves ZIP codes'),
      wording('today', 'Today’s hours label', 'Today'),
      wording('openNow', 'Open now', 'Open now'),
      wording('closedNow', 'Closed now', 'Closed now'),
      wording('openAllDay', 'Open all day', 'Open 24 hours'),
      wording('closedToday', 'Closed today', 'Closed today'),
      wording('zipsHeading', 'ZIP codes heading', 'ZIP codes covered in {place}'),
      wording('nearbyHeading', 'Nearby places heading', 'Nearby places we serve'),
      wording('placesHeading', 'State page’s places heading', 'Places we serve in {stateName}'),
      wording('breadcrumbLabel', 'Breadcrumb name (read by screen readers)', 'Breadcrumb'),
      defineField({
        name: 'prebuild',
        title: 'Places built ahead',
        type: 'array',
        of: [defineArrayMember({ type: 'string', title: 'Place' })],
        options: { layout: 'tags' },
        components: { input: PlaceSearchInput },
        description: `Optional, at most ${PREBUILD_MAX}: the busiest places, whose pages are made at every build. Every other place page is made on its first visit and kept.`,
        validation: (rule) =>
          rule
            .custom((places) => {
              const list = (places ?? []) as unknown[]
              if (list.length > PREBUILD_MAX) return `Keep at most ${PREBUILD_MAX} places built ahead — it has ${list.length}; the others are made on their first visit.`
              return list.map((place) => (/^\d{1,12}$/.test(String(place)) ? null : `“${String(place)}” is not a place number: use the place search, e.g. 1026201 for Austin, TX.`)).find(Boolean) ?? true
            })
            .error(),
      }),
    ],
  }),
]
