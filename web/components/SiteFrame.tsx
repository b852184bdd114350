import type { ReactNode } from 'react'
import type { SiteSettings } from '@/lib/site'
import { RevealCallBar } from './RevealCallBar'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { StickyCallBar } from './StickyCallBar'

export type Chrome = 'site' | 'none'

/** What a call tap reports about the page (read by the call tracker from <main>'s data-call-* attributes). */
export interface CallContext {
  keyword?: string
  location?: string
  variant?: string
  /**
   * The personalized copy's own address segment (encodeVariant): the server reads keyword and location back
   * from it, never from what a tap's body says.
   */
  variantKey?: string
  /** The page's A/B test and the version shown, so every tap carries them. */
  experiment?: string
  arm?: string
  /** The number the page shows and dials (a tracking rule's, or Site settings'). */
  number?: string
  /** Every call button of the page (header, content, call bar, footer) only shows the page's message (its "callToast"): no dialer, no call logged. */
  toastOnly?: boolean
}
export type CallBarMode = 'phones' | 'afterHero' | 'none'

/** A page with a call message shows it instead of calling, unless its editor switched “Call buttons also call” on. */
export function callsOnlyShowMessage(callToast: { alsoCall?: boolean | null } | null | undefined): boolean {
  return Boolean(callToast) && !callToast?.alsoCall
}

/**
 * The frame around a page's content: the site header and footer unless the page brings its own
 * (sample templates: then only the referral disclosure below it), and the call bar it asks for — always on
 * phones, or sliding in after the hero.
 */
export function SiteFrame({
  site,
  chrome = 'site',
  callBar = 'phones',
  callContext = {},
  scriptsWait = false,
  children,
}: {
  site: SiteSettings
  chrome?: Chrome
  callBar?: CallBarMode
  callContext?: CallContext
  /** Nothing on the page needs the framework's scripts before the visitor first touches it (web/server/scriptsAfterPaint.ts). */
  scriptsWait?: boolean
  children: ReactNode
}) {
  return (
    <>
      {chrome === 'site' ? <SiteHeader site={site} /> : null}
      <main id="main" data-call-keyword={callContext.keyword || undefined} data-call-location={callContext.location || undefined} data-call-variant={callContext.variant || undefined} data-call-variant-key={callContext.variantKey || undefined} data-call-experiment={callContext.experiment || undefined} data-call-arm={callContext.arm || undefined} data-call-number={callContext.number || undefined} data-call-toast-only={callContext.toastOnly ? '' : undefined} data-scripts-wait={scriptsWait ? '' : undefined}>
        {children}
      </main>
      {chrome === 'site' ? (
        <SiteFooter site={site} />
      ) : (
        // A page with its own frame (a sample template) still says what the site is: the referral disclosure.
        <footer className="px-4 py-6 text-center text-xs leading-relaxed text-muted">
          <p className="mx-auto max-w-prose">{site.footerText}</p>
        </footer>
      )}
      {callBar === 'phones' ? <StickyCallBar site={site} /> : null}
      {callBar === 'afterHero' ? (
        <RevealCallBar>
          <StickyCallBar site={site} on="everywhere" />
        </RevealCallBar>
      ) : null}
    </>
  )
}
