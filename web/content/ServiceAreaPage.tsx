import type { Metadata } from 'next'
import type { BlockContext } from '@/blocks/types'
import { Breadcrumb } from '@/components/serviceArea/Breadcrumb'
import { PlaceSection, StateSection } from '@/components/serviceArea/PlaceSection'
import { siteUrl } from '@/lib/site'
import { RoutedPage } from './RoutedPage'
import { areaWords, type AreaPage } from './serviceArea'

/**
 * A service-area page: its pest page's template (hero, sections, call buttons) with a breadcrumb before it and,
 * after the hero, the place section (a place page) or the list of places (a state page). On a place page the
 * hero says the place, as it would for an ad visitor located there.
 */
export function ServiceAreaPage({ page, context }: { page: AreaPage; context: BlockContext }) {
  const lead = <Breadcrumb label={areaWords(page, 'breadcrumbLabel')} crumbs={page.crumbs} siteUrl={siteUrl()} />
  if (page.kind === 'hub') {
    return <RoutedPage doc={page.doc} context={context} lead={lead} afterFirst={<StateSection heading={areaWords(page, 'placesHeading')} note={page.stateNote} places={page.places} />} />
  }
  const words = (name: Parameters<typeof areaWords>[1]) => areaWords(page, name)
  const section = (
    <PlaceSection
      heading={words('providersHeading')}
      providers={page.providers.map((provider) => ({ ...provider, coverage: provider.zips ? words('coversZips') : words('coversAll') }))}
      hoursWords={{ today: words('today'), openNow: words('openNow'), closedNow: words('closedNow'), openAllDay: words('openAllDay'), closedToday: words('closedToday') }}
      notes={[page.placeNote, page.stateNote]}
      zipsHeading={words('zipsHeading')}
      zips={page.zips}
      nearbyHeading={words('nearbyHeading')}
      nearby={page.nearby}
    />
  )
  return <RoutedPage doc={page.doc} context={{ ...context, location: { city: page.place.name, state: page.place.state } }} lead={lead} afterFirst={section} />
}

/** Title and description from Site settings' wording; indexable only when the page earns it (noindex, follow otherwise). */
export function serviceAreaMetadata(page: AreaPage): Metadata {
  const title = areaWords(page, page.kind === 'hub' ? 'stateTitle' : 'placeTitle')
  const description = areaWords(page, page.kind === 'hub' ? 'stateDescription' : 'placeDescription')
  return {
    title,
    description,
    robots: { index: page.indexable, follow: true },
    alternates: { canonical: page.path },
    openGraph: { title, description, url: page.path, type: 'website' },
  }
}
