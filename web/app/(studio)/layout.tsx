import type { ReactNode } from 'react'

/** The Studio brings its own styles and metadata; none of the site's (settings, tracker, CSS) load here. */
export { metadata, viewport } from 'next-sanity/studio'

export default function StudioLayout({ children }: { children: ReactNode }) {
  return children
}
