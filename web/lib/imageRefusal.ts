import { getImageProps, type ImageProps } from 'next/image'

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
