import { InertButton } from '@/components/InertButton'
import type { BlockProps } from '../types'

const tones = {
  brand: { band: 'bg-brand-700 text-white', text: 'text-brand-100', button: 'bg-white text-brand-800 hover:bg-brand-50' },
  light: { band: 'bg-brand-50 text-ink', text: 'text-muted', button: 'bg-brand-700 text-white hover:bg-brand-800' },
  dark: { band: 'bg-ink text-white', text: 'text-gray-300', button: 'bg-white text-ink hover:bg-gray-100' },
} as const

export function Banner({ block, context }: BlockProps<'banner'>) {
  const tone = tones[block.tone]
  const Heading = context.isPageTitle ? 'h1' : 'h2'
  return (
    <section className={`${tone.band} px-4 py-10 text-center`}>
      <Heading className="mx-auto max-w-3xl text-balance text-2xl font-extrabold sm:text-3xl">{block.heading}</Heading>
      {block.text ? <p className={`mx-auto mt-3 max-w-2xl ${tone.text}`}>{block.text}</p> : null}
      {block.buttonLabel ? <InertButton className={`mt-5 ${tone.button}`}>{block.buttonLabel}</InertButton> : null}
    </section>
  )
}
