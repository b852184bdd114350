/**
 * Where a pest's photo comes from, in order: the photo uploaded in the Studio; the legacy file in the
 * Supabase public bucket when Supabase is configured; otherwise the bundled illustration, so a page
 * never shows a broken image, configured or not.
 */
export interface PestPhotoData {
  name: string
  imageAlt: string
  imageFile: string
  image: { url: string; width: number | null; height: number | null; lqip?: string | null } | null
}

export interface PhotoSource {
  src: string
  alt: string
  width: number
  height: number
  /** The bundled illustration: shown as is, no image optimizer needed. */
  bundled: boolean
}

export const PHOTO_WIDTH = 1200
export const PHOTO_HEIGHT = 800
export const BUNDLED_ILLUSTRATION = '/illustrations/pest.svg'
export const BUCKET = 'pest-control-images'

export function bucketUrl(supabaseUrl: string, imageFile: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${BUCKET}/${encodeURIComponent(imageFile)}.jpg`
}

export function photoSource(pest: PestPhotoData, supabaseUrl: string | undefined): PhotoSource {
  if (pest.image?.url) {
    return {
      src: pest.image.url,
      alt: pest.imageAlt,
      width: pest.image.width ?? PHOTO_WIDTH,
      height: pest.image.height ?? PHOTO_HEIGHT,
      bundled: false,
    }
  }
  if (supabaseUrl) {
    return { src: bucketUrl(supabaseUrl, pest.imageFile), alt: pest.imageAlt, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, bundled: false }
  }
  return { src: BUNDLED_ILLUSTRATION, alt: pest.imageAlt, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, bundled: true }
}
