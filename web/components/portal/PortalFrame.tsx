import Link from 'next/link'
import type { ReactNode } from 'react'
import type { PortalWords } from '@/lib/portal/words'
import { ShieldIcon } from '../icons'

export type PortalSection = 'calls' | 'statement' | 'pause'

const NAV = 'inline-flex min-h-11 shrink-0 items-center rounded-md px-3 text-sm font-semibold'

/**
 * The portal's frame in the site's look (its header, brand and footer colours): the brand, the portal's name, and
 * once signed in the provider's name, the menu and Sign out (a form: the sign-out is a POST the origin check guards).
 * Plain links and forms: the portal works without any script.
 */
export function PortalFrame({ brandName, words, viewer, section, children }: { brandName: string; words: PortalWords; viewer?: { email: string; providerName: string }; section?: PortalSection; children: ReactNode }) {
  const link = (href: string, label: string, name: PortalSection) => (
    <a href={href} aria-current={section === name ? 'page' : undefined} className={`${NAV} ${section === name ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`}>
      {label}
    </a>
  )
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link href="/" prefetch={false} className="flex min-h-11 items-center gap-2 font-extrabold text-brand-800">
            <ShieldIcon className="size-9 text-brand-600" />
            <span className="text-lg leading-tight">{brandName}</span>
          </Link>
          <div className="text-right text-sm leading-tight">
            <p className="font-bold text-ink">{words.title}</p>
            {viewer ? <p className="text-muted">{viewer.providerName}</p> : null}
          </div>
        </div>
        {viewer ? (
          <nav aria-label={words.title} className="border-t border-line bg-surface">
            <div className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-2 sm:px-4">
              {link('/portal', words.callsNav, 'calls')}
              {link('/portal/statement', words.statementNav, 'statement')}
              {link('/portal/pause', words.pauseNav, 'pause')}
              <form method="post" action="/portal/auth/provider/sign-out" className="ml-auto">
                <button type="submit" className={`${NAV} text-muted hover:text-ink`}>
                  {words.signOut}
                </button>
              </form>
            </div>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto min-h-[60vh] max-w-6xl px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="bg-brand-900 text-brand-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm">
          <p className="font-extrabold">{brandName}</p>
          {viewer ? (
            <p className="text-brand-100">
              {words.signedInAs} {viewer.email}
            </p>
          ) : null}
        </div>
      </footer>
    </>
  )
}

/** The portal's buttons and fields, one look for every form. */
export const BUTTON = 'inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-5 font-bold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
export const QUIET_BUTTON = 'inline-flex min-h-12 items-center justify-center rounded-lg border border-brand-700 bg-white px-5 font-bold text-brand-800 hover:bg-brand-50'
export const FIELD = 'min-h-12 w-full rounded-lg border border-line bg-white px-3 text-base text-ink shadow-inner focus:border-brand-600 focus:outline-2 focus:outline-brand-600'
export const LABEL = 'mb-1 block text-sm font-bold text-ink'
export const NOTICE = 'rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-brand-900'
export const WARNING = 'rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900'
