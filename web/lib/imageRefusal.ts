import type { ImageProps } from 'next/image'
import { matchRemotePattern } from 'next/dist/shared/lib/match-remote-pattern'
import { optimizedImageHosts } from './imageHosts'
import { renderRefusal } from './imageRender'
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH, type PhotoSource } from './pestPhoto'

/**
 * Why Next's image optimiser would refuse these props, or null when it accepts them. Two checks, the
 * same as Next's: the host against the optimiser's remote patterns (web/lib/imageHosts.ts, matched
 * with Next's own matcher; a production optimiser answers 400 for any other host, so the picture
 * would not show), and the component's own render check (`getImageProps`, which under `next dev`
 * throws for such a host and takes the page down). An unoptimised image is never refused.
 */
export function imageRefusal(props: ImageProps, supabaseUrl?: string): string | null {
  if (props.unoptimized) return null
  if (typeof props.src === 'string' && !props.src.startsWith('/')) {
    let url: URL
    try {
      url = new URL(props.src)
    } catch {
      return `“${props.src}” is not an address`
    }
    if (!optimizedImageHosts(supabaseUrl).some((pattern) => matchRemotePattern(pattern, url)))
      return `${url.hostname} is not a host the image optimiser serves (next.config.ts images.remotePatterns)`
  }
  return renderRefusal(props)
}

/**
 * A pest photo as a page can show it: one the optimiser would refuse becomes the pest's illustration,
 * and the server log says why. Run while the page is rendered on the server.
 */
export function shownPhoto(source: PhotoSource, supabaseUrl: string | undefined): PhotoSource {
  if (source.bundled || source.direct) return source
  const refusal = imageRefusal({ src: source.src, alt: source.alt, width: source.width, height: source.height }, supabaseUrl)
  if (!refusal) return source
  console.error(`[image] ${source.src} is shown as its illustration (${source.fallback.src}): ${refusal}`)
  return { ...source.fallback, width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT, bundled: true, direct: false, fallback: source.fallback }
}
