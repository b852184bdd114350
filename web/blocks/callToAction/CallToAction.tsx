import { CallButtonLabel, CallLink } from '@/components/CallLink'
import { ShownPhone } from '@/components/ShownPhone'
import type { BlockProps } from '../types'

export function CallToAction({ block, context }: BlockProps<'callToAction'>) {
  const { site } = context
  return (
    <section className="bg-brand-800 px-4 py-12 text-center text-white sm:py-16">
      <h2 className="mx-auto max-w-3xl text-balance text-3xl font-extrabold">{block.heading}</h2>
      {block.text ? <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{block.text}</p> : null}
      <CallLink phone={site.phone} source="cta" className="mt-6 w-full max-w-sm text-xl">
        <CallButtonLabel label={block.buttonLabel} />
      </CallLink>
      <p className="mt-3">
        <CallLink
          phone={site.phone}
          source="cta-number"
          variant="inlineOnDark"
          className="text-2xl font-extrabold tracking-wide decoration-white/60"
        >
          <ShownPhone site={site} />
        </CallLink>
      </p>
      {block.showCallLabel ? <p className="mt-1 text-sm text-brand-100">{site.callLabel}</p> : null}
    </section>
  )
}
