import type { ReactNode } from 'react'
import type { SiteSettings } from '../lib/site'
import { RevealCallBar } from './RevealCallBar'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { StickyCallBar } from './StickyCallBar'

export type Chrome = 'site' | 'none'
export type CallBarMode = 'phones' | 'afterHero' | 'none'

/**
 * The frame around a page's content: the site header and footer unless the page brings its own
 * (sample templates), and the call bar it asks for — always on phones, or sliding in after the hero.
 */
export function SiteFrame({
  site,
  chrome = 'site',
  callBar = 'phones',
  children,
}: {
  site: SiteSettings
  chrome?: Chrome
  callBar?: CallBarMode
  children: ReactNode
}) {
  return (
    <>
      {chrome === 'site' ? <SiteHeader site={site} /> : null}
      <main id="main">{children}</main>
      {chrome === 'site' ? <SiteFooter site={site} /> : null}
      {callBar === 'phones' ? <StickyCallBar site={site} /> : null}
      {callBar === 'afterHero' ? (
        <RevealCallBar>
          <StickyCallBar site={site} on="everywhere" />
        </RevealCallBar>
      ) : null}
    </>
  )
}
