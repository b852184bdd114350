import type { ReactNode } from 'react'

/**
 * The document both sides share, and nothing else: the site's layout is app/(site)/layout.tsx
 * (settings, call tracker, skip link, site CSS), the Studio's app/(studio)/layout.tsx.
 * Why one bare root rather than a root layout per group: the proxy answers unknown addresses with
 * Next's prebuilt /_not-found page, which Next builds from app/layout + app/not-found; with a root
 * layout per group that needs `global-not-found`, still experimental in Next 16.
 */
export default function DocumentLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
