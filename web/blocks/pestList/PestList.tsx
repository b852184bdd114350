import { CallLink } from '@/components/CallLink'
import { PestPhoto } from '@/components/PestPhoto'
import { Section, SectionHeading } from '@/components/Section'
import { CheckIcon } from '@/components/icons'
import { matchPestName } from '@/lib/pestMatch'
import { photoSource } from '@/lib/pestPhoto'
import { shownPhoto } from '@/lib/imageRefusal'
import { ShownPhone } from '@/components/ShownPhone'
import type { BlockProps } from '../types'

export function PestList({ block, context }: BlockProps<'pestList'>) {
  const { site } = context
  const headingId = `pest-list-${block._key ?? 'section'}`
  return (
    <Section tone="tinted" labelledBy={headingId}>
      <SectionHeading id={headingId} className="text-center" asPageTitle={context.isPageTitle}>
        {block.heading}
      </SectionHeading>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p>
      <ul className={`pest-grid ${block.showImages ? '' : 'li-check '}mx-auto mt-8 grid max-w-4xl grid-cols-2 gap-3 md:grid-cols-3`} data-testid="pest-grid">
        {block.pests.map((name) => {
          const pest = block.showImages ? matchPestName(name, context.pests) : undefined
          return (
            <li key={name}>
              {/* Without photos the list's class draws a check before each name; a name no pest matches gets one too. */}
              {pest ? (
                <span className="w-12 shrink-0 overflow-hidden rounded">
                  <PestPhoto source={shownPhoto(photoSource(pest, context.supabaseUrl, context.localLake), context.supabaseUrl)} sizes="48px" />
                </span>
              ) : block.showImages ? (
                <CheckIcon className="size-5 shrink-0 text-brand-600" />
              ) : null}
              <span>{name}</span>
            </li>
          )
        })}
      </ul>
      <p className="mt-8 text-center text-lg font-semibold">
        {block.closingText}{' '}
        <CallLink phone={site.phone} source="pest-list" variant="inline">
          <ShownPhone site={site} />
        </CallLink>
      </p>
    </Section>
  )
}
