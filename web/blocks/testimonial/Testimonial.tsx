import { Stars } from '@/components/Stars'
import type { BlockProps } from '../types'

export function Testimonial({ block }: BlockProps<'testimonial'>) {
  return (
    <section className="bg-white px-4 py-12">
      <figure className="mx-auto max-w-3xl rounded-2xl border border-line p-6 text-center shadow-sm sm:p-10">
        <div className="flex justify-center" role="img" aria-label={block.ratingLabel ?? undefined}>
          <Stars count={block.rating} />
        </div>
        <blockquote className="mt-4 text-lg leading-relaxed sm:text-xl">{block.quote}</blockquote>
        <figcaption className="mt-4 font-bold">
          {block.author}
          {block.detail ? <span className="block text-sm font-normal text-muted">{block.detail}</span> : null}
        </figcaption>
      </figure>
    </section>
  )
}
