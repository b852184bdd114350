'use client'

import Image from 'next/image'
import { useState } from 'react'
import { BUNDLED_ILLUSTRATION, type PhotoSource } from '../lib/pestPhoto'

/**
 * A pest photo in a box of fixed aspect ratio (no layout shift). If a remote file is missing, it
 * swaps to the bundled illustration instead of showing a broken image.
 */
export function PestPhoto({
  source,
  priority = false,
  sizes,
  className = '',
}: {
  source: PhotoSource
  priority?: boolean
  sizes: string
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  const bundled = source.bundled || failed
  return (
    <Image
      src={bundled ? BUNDLED_ILLUSTRATION : source.src}
      alt={source.alt}
      width={source.width}
      height={source.height}
      sizes={sizes}
      priority={priority}
      unoptimized={bundled}
      onError={() => setFailed(true)}
      className={`aspect-[3/2] h-auto w-full object-cover ${className}`}
    />
  )
}
