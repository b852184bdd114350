import { InertButton } from '@/components/InertButton'
import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import { rowLength } from '@/lib/rowLength'
import type { BlockProps } from '../types'

export function CardGrid({ block, context }: BlockProps<'cardGrid'>) {
  // Rows of up to 4 chosen from the count (5 → 3 + 2); a short last row is centred, no empty cell.
  // The cards' widths (n a row on wide screens, two on tablets unless there is one card) and look come from the
  // list's classes (app/styles/blocks.css, `.cards-<n>`), not a class list on every card.
  const perRow = rowLength(block.cards.length, 4)
  return (
    <Section tone="tinted">
      <SectionHeading className="text-center" asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      {block.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p> : null}
      <ul className={`cards cards-${perRow}${block.cards.length > 1 ? ' cards-pairs' : ''} li-shield mt-8 flex flex-wrap justify-center gap-4`}>
        {block.cards.map((card) => (
          <li key={card._key}>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
            {block.cardButtonLabel ? (
              <InertButton className="border border-brand-700 text-brand-700 hover:bg-brand-50">{block.cardButtonLabel}</InertButton>
            ) : null}
          </li>
        ))}
      </ul>
      <SectionCallButton label={block.buttonLabel} site={context.site} source="cards" />
    </Section>
  )
}
