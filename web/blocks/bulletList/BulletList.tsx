import { RichText } from '@/components/RichText'
import { Section, SectionHeading } from '@/components/Section'
import { CheckIcon } from '@/components/icons'
import type { BlockProps } from '../types'

export function BulletList({ block, context }: BlockProps<'bulletList'>) {
  return (
    <Section narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <RichText value={block.body} />
      {block.listHeading ? <h3 className="mt-8 text-xl font-bold">{block.listHeading}</h3> : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="bullets">
        {block.items.map((item) => (
          <li key={item} className="flex items-start gap-2 rounded-lg bg-brand-50 p-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </Section>
  )
}
