import { RichText } from '@/components/RichText'
import { Section, SectionHeading } from '@/components/Section'
import type { BlockProps } from '../types'

export function TextSection({ block, context }: BlockProps<'textSection'>) {
  return (
    <Section narrow>
      {block.heading ? <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading> : null}
      <RichText value={block.body} />
    </Section>
  )
}
