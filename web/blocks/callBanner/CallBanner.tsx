import { CallButtonLabel, CallLink } from '@/components/CallLink'
import type { BlockProps } from '../types'

const tones = {
  call: 'bg-call-600 text-white',
  brand: 'bg-brand-700 text-white',
  light: 'bg-brand-50 text-ink',
} as const

export function CallBanner({ block, context }: BlockProps<'callBanner'>) {
  const tone = tones[block.tone]
  const onColor = block.tone !== 'light'
  return (
    <section className={`${tone} px-4 py-8`}>
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 text-center md:flex-row md:justify-between md:text-left">
        <div>
          <h2 className="text-balance text-2xl font-extrabold">{block.heading}</h2>
          {block.text ? <p className={`mt-1 ${onColor ? 'text-white/90' : 'text-muted'}`}>{block.text}</p> : null}
          {block.features?.length ? (
            <ul className="banner-features li-check mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 font-semibold md:justify-start">
              {block.features.map((feature) => (
                <li key={feature} className="flex items-center gap-1.5">
                  {feature}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <CallLink
          phone={context.site.phone}
          source="call-banner"
          className={`shrink-0 ${onColor ? '!bg-white !text-call-700 hover:!bg-red-50' : ''}`}
        >
          <CallButtonLabel label={block.buttonLabel} />
        </CallLink>
      </div>
    </section>
  )
}
