import Link from 'next/link'
import type { BlockContent } from '@/sanity.types'
import type { HoursLine } from '@/lib/serviceArea/hours'
import { RichText } from '../RichText'
import { Section, SectionHeading } from '../Section'
import { TodayHours, type HoursWords } from './TodayHours'

export interface ShownProvider {
  id: string
  name: string
  /** "Serves all of Austin" or "Serves ZIP codes". */
  coverage: string
  /** The place's ZIP codes it covers, when it covers only some. */
  zips: readonly string[] | null
  hours: readonly HoursLine[]
  timeZone: string
}

export interface PlaceLink {
  name: string
  href: string
}

/** What only this place has: who serves it, the ZIP codes they cover, their hours today, the editors' notes, places nearby. */
export function PlaceSection({
  heading,
  providers,
  hoursWords,
  notes,
  zipsHeading,
  zips,
  nearbyHeading,
  nearby,
}: {
  heading: string
  providers: readonly ShownProvider[]
  hoursWords: HoursWords
  notes: readonly (BlockContent | null | undefined)[]
  zipsHeading: string
  zips: readonly string[]
  nearbyHeading: string
  nearby: readonly PlaceLink[]
}) {
  return (
    <Section narrow labelledBy="place-providers">
      <SectionHeading id="place-providers">{heading}</SectionHeading>
      <ul className="provider-cards mt-6" data-testid="place-providers">
        {providers.map((provider) => (
          <li key={provider.id}>
            <h3>{provider.name}</h3>
            <p className="provider-coverage">
              {provider.coverage}
              {provider.zips ? ` ${provider.zips.join(', ')}` : ''}
            </p>
            <TodayHours hours={provider.hours} timeZone={provider.timeZone} words={hoursWords} />
          </li>
        ))}
      </ul>
      {notes.map((note, index) => (note?.length ? <RichText key={index} value={note} className="mt-6" /> : null))}
      {zips.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-bold">{zipsHeading}</h3>
          <ul className="zip-chips mt-3" data-testid="place-zips">
            {zips.map((zip) => (
              <li key={zip}>{zip}</li>
            ))}
          </ul>
        </>
      ) : null}
      {nearby.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-bold">{nearbyHeading}</h3>
          <PlaceLinks places={nearby} testId="place-nearby" />
        </>
      ) : null}
    </Section>
  )
}

/** Links to service-area pages, without prefetching: a state lists hundreds. */
export function PlaceLinks({ places, testId }: { places: readonly PlaceLink[]; testId?: string }) {
  return (
    <ul className="place-links mt-3" data-testid={testId}>
      {places.map((place) => (
        <li key={place.href}>
          <Link href={place.href} prefetch={false}>
            {place.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** A state page's section: the editors' note for the pest in the state and every place served there. */
export function StateSection({ heading, note, places }: { heading: string; note: BlockContent | null | undefined; places: readonly PlaceLink[] }) {
  return (
    <Section narrow labelledBy="state-places">
      <SectionHeading id="state-places">{heading}</SectionHeading>
      {note?.length ? <RichText value={note} className="mt-4" /> : null}
      <PlaceLinks places={places} testId="state-places" />
    </Section>
  )
}
