import { getImageProps, type ImageProps } from 'next/image'

/** Why Next's image component would throw while rendering these props (under `next dev`), or null. */
export function renderRefusal(props: ImageProps): string | null {
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
export function shownPhoto(source: PhotoSource, supabaseUrl: string | undefined): PhotoSource {
  if (source.bundled || source.direct) return source
  const refusal = imageRefusal({ src: source.src, alt: source.alt, width: source.width, height: source.height }, supabaseUrl)
  if (!refusal) return source
  console.error(`[image] ${source.src} is shown as its illustration (${source.fallback.src}): ${refusal}`)
  return { ...source.fallback, width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT, bundled: true, direct: false, fallback: source.fallback }
}
