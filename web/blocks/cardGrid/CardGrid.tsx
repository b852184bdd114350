import { InertButton } from '@/components/InertButton'
import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import { ShieldIcon } from '@/components/icons'
import type { BlockProps } from '../types'

export function CardGrid({ block, context }: BlockProps<'cardGrid'>) {
  const columns = block.cards.length % 3 === 0 || block.cards.length === 5 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'
  return (
    <Section tone="tinted">
      <SectionHeading className="text-center" asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      {block.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p> : null}
      <ul className={`mt-8 grid gap-4 sm:grid-cols-2 ${columns}`}>
        {block.cards.map((card) => (
          <li key={card._key} className="rounded-xl border border-line bg-white p-5 shadow-sm">
            <ShieldIcon className="size-8 text-brand-600" />
            <h3 className="mt-3 text-lg font-bold">{card.title}</h3>
            <p className="mt-2 leading-relaxed text-muted">{card.text}</p>
            {block.cardButtonLabel ? (
              <InertButton className="mt-4 border border-brand-700 text-brand-700 hover:bg-brand-50">{block.cardButtonLabel}</InertButton>
            ) : null}
          </li>
        ))}
      </ul>
      <SectionCallButton label={block.buttonLabel} site={context.site} source="cards" />
    </Section>
  )
}
