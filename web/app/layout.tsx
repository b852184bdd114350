import type { ReactNode } from 'react'

/**
 * The document both sides share, and nothing else: the site's layout is app/(site)/layout.tsx
 * (settings, call tracker, skip link, site CSS), the Studio's app/(studio)/layout.tsx.
 * The proxy answers unknown addresses with Next's prebuilt /_not-found page, built from
 * app/global-not-found.tsx alone (experimental.globalNotFound), so no page carries it.
 */
export default function DocumentLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
