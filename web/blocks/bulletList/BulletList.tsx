import { RichText } from '@/components/RichText'
import { Section, SectionHeading } from '@/components/Section'
import type { BlockProps } from '../types'

export function BulletList({ block, context }: BlockProps<'bulletList'>) {
  return (
    <Section narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <RichText value={block.body} />
      {block.listHeading ? <h3 className="mt-8 text-xl font-bold">{block.listHeading}</h3> : null}
      <ul className="bullets li-check mt-4 grid gap-3 sm:grid-cols-2" data-testid="bullets">
        {block.items.map((item) => (
          <li key={item}>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}
