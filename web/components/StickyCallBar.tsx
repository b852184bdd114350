import { shownPhone, type SiteSettings } from '../lib/site'
import { CallLink } from './CallLink'
import { PhoneIcon } from './icons'

/** Fixed to the bottom of phone screens, so a call is one tap away wherever the visitor has scrolled. */
export function StickyCallBar({ site }: { site: SiteSettings }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 p-3 backdrop-blur md:hidden" data-testid="sticky-call-bar">
      <CallLink phone={site.phone} source="sticky-bar" className="w-full !py-2">
        <PhoneIcon className="size-6 shrink-0" />
        <span className="flex flex-col items-start leading-tight">
          <span className="text-sm font-semibold">{site.stickyCallLabel}</span>
          <span className="text-xl font-extrabold tracking-wide whitespace-nowrap">{shownPhone(site)}</span>
        </span>
      </CallLink>
    </div>
  )
}
