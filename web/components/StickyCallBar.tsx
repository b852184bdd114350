import type { SiteSettings } from '@/lib/site'
import { ShownPhone } from './ShownPhone'
import { CallLink } from './CallLink'
import { PhoneIcon } from './icons'

/**
 * The call button fixed to the bottom of the screen, so a call is one tap away wherever the visitor
 * has scrolled. `phones`: always, below the md breakpoint; `everywhere`: at every width (the bar
 * that /v2 slides in after the hero).
 */
export function StickyCallBar({ site, on = 'phones' }: { site: SiteSettings; on?: 'phones' | 'everywhere' }) {
  const placement = on === 'phones' ? 'fixed inset-x-0 bottom-0 z-40 md:hidden' : ''
  return (
    <div className={`${placement} border-t border-line bg-white/95 p-3 backdrop-blur`} data-testid="sticky-call-bar">
      {/* Inline-flex (the button's own display): a full-width button up to max-w-md, at the start of the bar. */}
      <CallLink phone={site.phone} source="sticky-bar" className="w-full max-w-md !py-2">
        <PhoneIcon className="size-6 shrink-0" />
        <span className="flex flex-col items-start leading-tight">
          <span className="text-sm font-semibold">{site.stickyCallLabel}</span>
          <span className="text-xl font-extrabold tracking-wide whitespace-nowrap"><ShownPhone site={site} /></span>
        </span>
      </CallLink>
    </div>
  )
}
