import { InertButton } from '@/components/InertButton'
import type { BlockProps } from '../types'

export function TemplateHero({ block }: BlockProps<'templateHero'>) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-16 text-center text-white sm:py-24">
      <h1 className="mx-auto max-w-3xl text-balance text-4xl font-black tracking-tight sm:text-6xl">{block.heading}</h1>
      {block.text ? <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{block.text}</p> : null}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <InertButton className="bg-call-600 text-lg text-white hover:bg-call-700">{block.primaryLabel}</InertButton>
        <InertButton className="border-2 border-white text-lg text-white hover:bg-white/10">{block.secondaryLabel}</InertButton>
      </div>
    </section>
  )
}
