import { Section, SectionHeading } from '@/components/Section'
import { fillLocation } from '../hero/location'
import type { BlockProps } from '../types'

export function ServiceArea({ block, context }: BlockProps<'serviceArea'>) {
  return (
    <Section tone="tinted" narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <p className="mt-3 leading-relaxed text-muted sm:text-lg" data-testid="service-area">
        {context.location ? fillLocation(block.locationText, context.location) : block.text}
      </p>
    </Section>
  )
}
