import { InertButton } from '@/components/InertButton'
import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import { ShieldIcon } from '@/components/icons'
import { rowLength } from '@/lib/rowLength'
import type { BlockProps } from '../types'

/** A card's width for n cards a row on wide screens (gap-4 = 1rem between cards). */
const wideWidths = {
  1: 'lg:w-full',
  2: 'lg:w-[calc((100%-1rem)/2)]',
  3: 'lg:w-[calc((100%-2rem)/3)]',
  4: 'lg:w-[calc((100%-3rem)/4)]',
} as const

export function CardGrid({ block, context }: BlockProps<'cardGrid'>) {
  // Rows of up to 4 chosen from the count (5 → 3 + 2); a short last row is centred, no empty cell.
  const perRow = rowLength(block.cards.length, 4) as keyof typeof wideWidths
  const width = `w-full ${block.cards.length > 1 ? 'sm:w-[calc((100%-1rem)/2)]' : ''} ${wideWidths[perRow]}`
  return (
    <Section tone="tinted">
      <SectionHeading className="text-center" asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      {block.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p> : null}
      <ul className="mt-8 flex flex-wrap justify-center gap-4">
        {block.cards.map((card) => (
          <li key={card._key} className={`${width} rounded-xl border border-line bg-white p-5 shadow-sm`}>
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
