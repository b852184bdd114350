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
