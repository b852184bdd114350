import { PestPhoto } from '@/components/PestPhoto'
import { pestOrDefault } from '@/lib/pestMatch'
import { photoSource } from '@/lib/pestPhoto'
import { shownPhoto } from '@/lib/imageRefusal'
import type { BlockProps } from '../types'

/** The editor's chosen pest, or the pest the ad keyword is about (ant when nothing matches). */
export function PestImageBlock({ block, context }: BlockProps<'pestImage'>) {
  const pest = block.pest ?? pestOrDefault(context.keyword, context.pests)
  if (!pest) return null
  return (
    <figure className="mx-auto max-w-4xl px-4 pt-8">
      <PestPhoto
        source={shownPhoto(photoSource(pest, context.supabaseUrl, context.localLake), context.supabaseUrl)}
        sizes="(min-width: 896px) 864px, 100vw"
        preload={context.isFirstScreen}
        className="rounded-2xl bg-brand-50 shadow-sm"
      />
      {block.caption ? <figcaption className="mt-2 text-center text-sm text-muted">{block.caption}</figcaption> : null}
    </figure>
  )
}
