import type { ReactNode } from 'react'
import { BlockRenderer } from '@/blocks/BlockRenderer'
import type { BlockContext } from '@/blocks/types'
import type { RoutedDocument } from './loaders'
import { formatCityState } from '@/lib/location/parse'
import { withTrackingNumber } from '@/lib/trackingNumbers/trackingNumber'
import { LegalDocument } from './LegalDocument'
import { callsOnlyShowMessage, SiteFrame } from '@/components/SiteFrame'
import { Toasts } from '@/components/Toasts'
import { ServiceJsonLd } from '@/components/ServiceJsonLd'
import { withArm } from './arms'

/**
 * Draws any routed document in the frame it asks for, with the toast layer only where a page shows
 * messages. Page-builder and pest pages render through blocks, legal pages as text.
 */
export function RoutedPage({
  doc,
  context: given,
  variant,
  variantKey,
  lead,
  afterFirst,
}: {
  doc: RoutedDocument
  context: BlockContext
  variant?: string
  variantKey?: string
  /** Drawn before the page's blocks, and after its first block (a service-area page's breadcrumb and place section). */
  lead?: ReactNode
  afterFirst?: ReactNode
}) {
  // A tracking rule's number replaces Site settings' number everywhere on the page, rendered here into the cached copy.
  const context = given.trackingNumber ? { ...given, site: withTrackingNumber(given.site, given.trackingNumber) } : given
  const test = context.arm && 'experiment' in doc ? doc.experiment : null
  const arm = test?.arms?.find((candidate) => candidate.key === context.arm)
  const blocks = withArm('blocks' in doc ? doc.blocks : [], arm)
  const showsToasts = Boolean(doc.callToast) || blocks.some((block) => block?._type === 'zipSearch')
  // Every page says what the site is to search engines; a page's own “Service details” section says it with its details.
  const ownService = blocks.some((block) => block?._type === 'localBusiness')
  return (
    <>
      <SiteFrame
        site={context.site}
        chrome={doc.chrome}
        callBar={doc.callBar}
        scriptsWait={!showsToasts}
        callContext={{
          keyword: context.keyword ?? context.headline,
          location: context.location ? formatCityState(context.location) : undefined,
          variant,
          variantKey,
          number: context.site.phone,
          toastOnly: callsOnlyShowMessage(doc.callToast),
          ...(arm && test?.name ? { experiment: test.name, arm: arm.key } : {}),
        }}
      >
        {lead}
        {doc._type === 'legalPage' ? <LegalDocument doc={doc} /> : <BlockRenderer blocks={blocks} context={context} afterFirst={afterFirst} />}
      </SiteFrame>
      {showsToasts ? <Toasts callToast={doc.callToast} /> : null}
      {ownService ? null : <ServiceJsonLd site={context.site} place={context.location} />}
    </>
  )
}
