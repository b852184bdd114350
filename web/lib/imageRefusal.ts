import { getImageProps, type ImageProps } from 'next/image'
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH, type PhotoSource } from './pestPhoto'

/**
 * Why Next's image component would refuse these props (the same check it runs while rendering, with
 * the build's image settings), or null when it accepts them. An unoptimised image is never refused.
 */
export function imageRefusal(props: ImageProps): string | null {
  if (props.unoptimized) return null
  try {
    getImageProps(props)
    return null
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0]! : String(error)
  }
}

/**
 * A pest photo as a page can show it: one the optimiser would refuse becomes the pest's illustration,
 * and the server log says why. Run while the page is rendered on the server.
 */
export function shownPhoto(source: PhotoSource): PhotoSource {
  if (source.bundled || source.direct) return source
  const refusal = imageRefusal({ src: source.src, alt: source.alt, width: source.width, height: source.height })
  if (!refusal) return source
  console.error(`[image] ${source.src} is shown as its illustration (${source.fallback.src}): ${refusal}`)
  return { ...source.fallback, width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT, bundled: true, direct: false, fallback: source.fallback }
}
