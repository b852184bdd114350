import { isLocalLakeImage } from './imageHosts'

/**
 * Where a pest's photo comes from, in order: the photo uploaded in the Studio; the legacy file in the
 * Supabase public bucket when Supabase is configured; otherwise the bundled illustration, so a page
 * never shows a broken image, configured or not.
 */
export interface PestPhotoData {
  name: string
  imageAlt: string
  /** What the pest's bundled drawing shows: the alt text whenever the drawing is what is shown. */
  illustrationAlt: string
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
  /** The local Content Lake's photo: served to the browser as it is, not through the optimiser (web/lib/imageHosts.ts). */
  direct: boolean
  /** What to show instead if a remote photo fails to load, with its own description. */
  fallback: { src: string; alt: string }
}

export const PHOTO_WIDTH = 1200
export const PHOTO_HEIGHT = 800
/** Illustrations are 3:1 banners. */
export const ILLUSTRATION_WIDTH = 1200
export const ILLUSTRATION_HEIGHT = 400
/** The generic drawing, for a pest added in the Studio that has no drawing of its own yet. */
export const GENERIC_ILLUSTRATION = '/illustrations/pest.svg'
/** The pests drawn in web/public/illustrations (scripts/illustrations/draw.mjs), by imageFile. */
export const ILLUSTRATED_PESTS: ReadonlySet<string> = new Set([
  'ant', 'bed-bug', 'bee', 'beetle', 'boxelder-bug', 'centipede', 'cluster-fly', 'cockroach', 'cricket', 'drain-fly',
  'dust-mite', 'earwig', 'flea', 'fly', 'fruit-fly', 'gnat', 'hornet', 'maggot', 'millipede', 'mosquito', 'moth',
  'mouse', 'scorpion', 'silverfish', 'spider', 'stink-bug', 'termite', 'tick', 'vole', 'wasp', 'weevil', 'yellow-jacket',
])

/**
 * The pest's own drawing and its description. The generic drawing (an ant in a shield) depicts no
 * pest in particular, so it is decorative (empty alt) rather than mislabelled.
 */
export function illustrationOf(pest: Pick<PestPhotoData, 'imageFile' | 'illustrationAlt'>): { src: string; alt: string } {
  return ILLUSTRATED_PESTS.has(pest.imageFile)
    ? { src: `/illustrations/${pest.imageFile}.svg`, alt: pest.illustrationAlt }
    : { src: GENERIC_ILLUSTRATION, alt: '' }
}
export const BUCKET = 'pest-control-images'

export function bucketUrl(supabaseUrl: string, imageFile: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${BUCKET}/${encodeURIComponent(imageFile)}.jpg`
}

/** `localLake`: the site reads a local Content Lake, whose uploaded photos are served as they are. */
export function photoSource(pest: PestPhotoData, supabaseUrl: string | undefined, localLake = false): PhotoSource {
  const fallback = illustrationOf(pest)
  if (pest.image?.url) {
    return {
      src: pest.image.url,
      alt: pest.imageAlt,
      width: pest.image.width ?? PHOTO_WIDTH,
      height: pest.image.height ?? PHOTO_HEIGHT,
      bundled: false,
      direct: isLocalLakeImage(pest.image.url, localLake),
      fallback,
    }
  }
  if (supabaseUrl) {
    return { src: bucketUrl(supabaseUrl, pest.imageFile), alt: pest.imageAlt, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, bundled: false, direct: false, fallback }
  }
  return { ...fallback, width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT, bundled: true, direct: false, fallback }
}
