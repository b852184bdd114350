import type { SiteSettings } from '@/lib/site'
import { CallButtonLabel, CallLink } from './CallLink'

/** The optional call button under a section: nothing when the editor left the label empty. */
export function SectionCallButton({ label, site, source }: { label: string | null | undefined; site: SiteSettings; source: string }) {
  if (!label) return null
  return (
    <div className="mt-8 text-center">
      <CallLink phone={site.phone} source={source}>
        <CallButtonLabel label={label} className="text-base sm:text-lg" />
      </CallLink>
    </div>
  )
}
