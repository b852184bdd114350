import Image from 'next/image'
import Link from 'next/link'
import type { SiteSettings } from '../lib/site'
import { ShownPhone } from './ShownPhone'
import { CallLink } from './CallLink'
import { PhoneIcon, ShieldIcon } from './icons'

/** Sticky header: the logo always; the label and call button from md up (phones get the call bar). */
export function SiteHeader({ site }: { site: SiteSettings }) {
  const logo = site.logo?.asset?.url ? site.logo : null
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link href="/" className="flex min-h-11 items-center gap-2 font-extrabold text-brand-800">
          {logo?.asset ? (
            <Image
              src={logo.asset.url}
              alt={logo.alt ?? site.brandName}
              width={logo.asset.width ?? 160}
              height={logo.asset.height ?? 40}
              className="h-10 w-auto"
              preload
              fetchPriority="high"
            />
          ) : (
            <>
              <ShieldIcon className="size-9 text-brand-600" />
              <span className="text-lg leading-tight">{site.brandName}</span>
            </>
          )}
        </Link>
        <div className="hidden items-center gap-3 md:flex" data-testid="header-call">
          <span className="text-sm font-medium text-muted">{site.headerLabel}</span>
          <CallLink phone={site.phone} source="header" variant="brand">
            <PhoneIcon />
            <ShownPhone site={site} />
          </CallLink>
        </div>
      </div>
    </header>
  )
}
