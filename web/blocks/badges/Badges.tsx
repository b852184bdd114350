import { ShieldIcon } from '@/components/icons'
import { Stars } from '@/components/Stars'
import type { BlockProps } from '../types'

export function Badges({ block, context }: BlockProps<'badges'>) {
  const brand = block.tone === 'brand'
  const Heading = context.isPageTitle ? 'h1' : 'h2'
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
            <Stars count={block.rating.score} className="size-6" />
            <span className="text-lg font-extrabold">
              {block.rating.score}/{block.rating.outOf}
            </span>
            <span className={brand ? 'text-brand-100' : 'text-muted'}>
              {block.rating.reviewCount.toLocaleString('en-US')} {block.rating.reviewsLabel}
            </span>
          </p>
        ) : null}
        <ul className="mt-4 grid grid-cols-2 gap-3 text-sm font-semibold sm:text-base md:flex md:flex-wrap md:justify-center">
          {block.badges.map((badge) => (
            <li
              key={badge}
              className={`flex items-center gap-2 rounded-lg px-3 py-2 ${brand ? 'bg-white/10' : 'border border-line bg-white'}`}
            >
              <ShieldIcon className={`size-6 shrink-0 ${brand ? 'text-brand-100' : 'text-brand-600'}`} />
              <span className="text-left">{badge}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
