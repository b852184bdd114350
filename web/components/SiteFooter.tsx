import Link from 'next/link'
import type { SiteSettings } from '@/lib/site'
import { ShownPhone } from './ShownPhone'
import { CallLink } from './CallLink'

const FOOTER_LINK = 'inline-flex min-h-11 items-center underline-offset-4 hover:underline'

export function SiteFooter({ site }: { site: SiteSettings }) {
  return (
    <footer className="bg-brand-900 pb-24 text-brand-50 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <div>
          <p className="text-lg font-extrabold">{site.brandName}</p>
          <p className="mt-2 max-w-prose text-sm leading-relaxed text-brand-100">{site.footerText}</p>
          <CallLink phone={site.phone} source="footer" variant="inlineOnDark" className="mt-2">
            <ShownPhone site={site} />
          </CallLink>
        </div>
        <nav aria-label={site.brandName} className="md:justify-self-end">
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {site.footerLinks.map((link) => (
              <li key={link._key}>
                {/* Next prefetches a <Link> in view: only a link to a page of this site is one, so a missing page is never fetched unasked. */}
                {link.toPage ? (
                  <Link href={link.href} className={FOOTER_LINK}>
                    {link.label}
                  </Link>
                ) : (
                  <a href={link.href} className={FOOTER_LINK}>
                    {link.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-6 border-t border-brand-800 px-4 py-2 text-center text-xs text-brand-100">
        <p className="py-2">{site.copyright}</p>
        {/* Handled by the call tracker (web/lib/tracking/client/core.ts): sets the opt-out cookie, denies ad consent and
            writes the confirmation here, also before React hydrates; the text React would find changed is accepted. */}
        <a
          href="#privacy-choices"
          data-privacy-choices=""
          data-done={site.privacyChoicesDone}
          className="inline-flex min-h-11 items-center underline underline-offset-4"
          suppressHydrationWarning
        >
          {site.privacyChoicesLabel}
        </a>
      </div>
    </footer>
  )
}
