'use client'

import Image from 'next/image'
import { useState } from 'react'
import { renderRefusal } from '@/lib/imageRender'
import type { PhotoSource } from '@/lib/pestPhoto'

/**
 * A pest photo in a box of fixed aspect ratio (no layout shift). If a remote file is missing, it
 * swaps to the pest's bundled illustration (and its description) instead of showing a broken image. The illustration is a
 * stand-in, so it gets a low banner rather than a photo's full 3:2 screen. A photo the image
 * optimiser would refuse (a host it is not configured for) is never handed to it: the page shows the
 * illustration (the server log says why: shownPhoto), so no published photo can make a page fail.
 */
export function PestPhoto({
  source,
  preload = false,
  sizes,
  className = '',
}: {
  source: PhotoSource
  /** The page's lead image: fetched at once with high priority, so it is not what LCP waits on. */
  preload?: boolean
  sizes: string
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  const photo = { src: source.src, alt: source.alt, width: source.width, height: source.height, sizes, unoptimized: source.bundled || source.direct }
  // The server already swapped a refused photo (shownPhoto, which logs why); this keeps the component from ever throwing.
  const refusal = source.bundled ? null : renderRefusal(photo)
  const bundled = source.bundled || failed || refusal !== null
  return (
    <Image
      src={bundled ? source.fallback.src : source.src}
      alt={bundled ? source.fallback.alt : source.alt}
      width={source.width}
      height={source.height}
      sizes={sizes}
      preload={preload}
      fetchPriority={preload ? 'high' : undefined}
      // A remote photo may fail to load: its swap needs the page's scripts before the visitor's first touch.
      data-scripts-early={source.bundled ? undefined : ''}
      unoptimized={bundled || source.direct}
      onError={() => {
        if (!failed) console.warn(`[image] ${source.src} did not load: showing its illustration (${source.fallback.src})`)
        setFailed(true)
      }}
      // The box is decided on the server (source.bundled), so a late swap never changes its size.
      className={`h-auto w-full ${source.bundled ? 'aspect-[3/1]' : 'aspect-[3/2]'} ${bundled ? 'object-contain' : 'object-cover'} ${className}`}
    />
  )
}
