import { CallLink } from '@/components/CallLink'
import { PhoneIcon } from '@/components/icons'
import { Stars } from '@/components/Stars'
import { fillTemplate } from '@/lib/personalization/templates'
import { ShownPhone } from '@/components/ShownPhone'
import type { BlockContext, BlockProps } from '../types'
import { fillLocation } from './location'
import { RatingSource } from '@/components/RatingSource'

/**
 * The page's one H1. With the editor's title template ("{Keyword}", "{Headline}"), the filled
 * template, else the editor's title; with none, a cleaned ad keyword or headline replaces the title.
 */
export function heroTitle(
  title: string,
  { keyword, headline, question }: Pick<BlockContext, 'keyword' | 'headline' | 'question'>,
  template?: string | null,
): string {
  const base = template ? (fillTemplate(template, { Keyword: keyword, Headline: headline }) ?? title) : keyword || headline || title
  // q=y asks the headline: "?" appended (a full stop before it goes), never a second one.
  return question && !base.endsWith('?') ? `${base.replace(/\.+$/u, '')}?` : base
}

export function Hero({ block, context }: BlockProps<'hero'>) {
  const { site, location } = context
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white" data-hero="">
      <div className="mx-auto max-w-4xl px-4 pt-8 pb-10 text-center sm:py-14">
        <h1 className="text-balance text-4xl font-extrabold tracking-tight sm:text-5xl">{heroTitle(block.title, context, block.titleTemplate)}</h1>
        <p className="mt-3 text-lg font-semibold text-brand-100 sm:text-xl">{block.subtitle}</p>
        {location ? (
          <p className="mt-3 text-base font-medium text-white" data-testid="location-line">
            {fillLocation(block.locationLine, location)}
          </p>
        ) : null}
        <p className="mt-4 text-lg sm:mt-5">
          {block.callLineLabel}{' '}
          <CallLink phone={site.phone} source="hero-line" variant="inlineOnDark">
            <ShownPhone site={site} />
          </CallLink>
        </p>
        {/* One line at 390 px: a wrapped button ran under the sticky call bar. */}
        <CallLink phone={site.phone} source="hero-button" className="mt-3 w-full max-w-sm whitespace-nowrap !px-4 text-lg sm:mt-4 sm:text-xl">
          <PhoneIcon className="size-6 shrink-0" />
          {block.buttonLabel}
        </CallLink>
        <p className="mt-2 text-sm text-brand-100">{site.callLabel}</p>
        {block.rating !== null ? (
          <div className="mt-5 flex flex-col items-center justify-center gap-1 sm:flex-row sm:gap-2">
            <Stars count={block.rating} />
            <span className="text-sm font-medium">{block.ratingLabel}</span>
            <RatingSource site={site} className="text-sm" />
          </div>
        ) : null}
        {/* Three benefits stack on a phone (a 2-column grid would leave one orphan); four make two rows of two. */}
        <ul className={`hero-benefits li-check mt-8 grid gap-3 text-left text-sm sm:text-base ${block.benefits.length === 3 ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-2 sm:grid-cols-4'}`}>
          {block.benefits.map((benefit) => (
            <li key={benefit}>
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
