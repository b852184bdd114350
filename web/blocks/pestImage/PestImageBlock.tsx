import { PestPhoto } from '@/components/PestPhoto'
import { DEFAULT_PICTURE, pestOrDefault } from '@/lib/pestMatch'
import { photoSource } from '@/lib/pestPhoto'
import { shownPhoto } from '@/lib/imageRefusal'
import type { BlockProps } from '../types'

/**
 * The editor's chosen pest, or the pest the ad keyword is about (ant when nothing matches). A chosen pest
 * that is no longer in the content, or a missing ant, shows the default picture, never another pest's,
 * and the server log says why.
 */
export function PestImageBlock({ block, context }: BlockProps<'pestImage'>) {
  if (block.pestChosen && !block.pest) console.warn(`[pest] a Pest photo section names a pest that is not in the published content: showing the keyword's pest or the default picture instead`)
  const pest = block.pest ?? pestOrDefault(context.keyword, context.pests) ?? defaultPicture(context.keyword)
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

function defaultPicture(keyword: string | undefined) {
  console.warn(`[pest] ${keyword ? `no pest matches “${keyword}”` : 'no pest is chosen'} and the default pest (image file “ant”) is not in the published content: showing the default picture, described as no pest in particular`)
  return DEFAULT_PICTURE
}
