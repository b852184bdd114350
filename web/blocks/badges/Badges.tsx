import { Stars } from '@/components/Stars'
import { RatingSource } from '@/components/RatingSource'
import { rowLength } from '@/lib/rowLength'
import type { BlockProps } from '../types'

/** A badge's width for n badges a row on wide screens (gap-3 = 0.75rem between badges). */
const wideWidths = {
  1: 'lg:w-auto',
  2: 'lg:w-[calc((100%-0.75rem)/2)]',
  3: 'lg:w-[calc((100%-1.5rem)/3)]',
  4: 'lg:w-[calc((100%-2.25rem)/4)]',
} as const

export function Badges({ block, context }: BlockProps<'badges'>) {
  const brand = block.tone === 'brand'
  const Heading = context.isPageTitle ? 'h1' : 'h2'
  // Two a row on phones and tablets, up to 4 on wide screens chosen from the count (4 → one row,
  // never 3 + 1); a short last row is centred.
  const perRow = rowLength(block.badges.length, 4) as keyof typeof wideWidths
  return (
    <section className={`px-4 py-8 ${brand ? 'bg-brand-800 text-white' : 'bg-surface'}`}>
      <div className="mx-auto max-w-5xl text-center">
        {block.heading ? (
          <Heading className={`text-balance font-extrabold tracking-tight ${context.isPageTitle ? 'text-3xl sm:text-4xl' : 'text-2xl'}`}>
            {block.heading}
          </Heading>
        ) : null}
        {block.rating ? (
          <p className="mt-2 flex flex-wrap items-center justify-center gap-2" data-testid="rating">
            <Stars count={block.rating.score} />
            <span className="text-lg font-extrabold">
              {block.rating.score}/{block.rating.outOf}
            </span>
            <span className={brand ? 'text-brand-100' : 'text-muted'}>
              {block.rating.reviewCount.toLocaleString('en-US')} {block.rating.reviewsLabel}
            </span>
            <RatingSource site={context.site} />
          </p>
        ) : null}
        <ul className={`badges li-shield ${brand ? 'badges-on-brand ' : ''}mt-4 flex flex-wrap justify-center gap-3 text-sm font-semibold sm:text-base`}>
          {block.badges.map((badge) => (
            <li
              key={badge}
              className={`flex w-[calc((100%-0.75rem)/2)] items-center gap-2 rounded-lg px-3 py-2 lg:justify-center ${wideWidths[perRow]} ${brand ? 'bg-white/10' : 'border border-line bg-white'}`}
            >
              <span className="text-left">{badge}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
