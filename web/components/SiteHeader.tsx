import Image from 'next/image'
import Link from 'next/link'
import { serverConfig } from '@/lib/config'
import { isLocalLakeImage, readsLocalLake } from '@/lib/imageHosts'
import { imageRefusal } from '@/lib/imageRefusal'
import type { SiteSettings } from '@/lib/site'
import { ShownPhone } from './ShownPhone'
import { CallLink } from './CallLink'
import { PhoneIcon, ShieldIcon } from './icons'

/**
 * The logo's image props: the local Content Lake's file as it is, anything else through the optimiser;
 * null (the brand name shows instead, and the server log says why) when the optimiser would refuse it.
 */
function logoShown(src: string, alt: string, width: number | null | undefined, height: number | null | undefined) {
  const config = serverConfig()
  const props = { src, alt, width: width ?? 160, height: height ?? 40, unoptimized: isLocalLakeImage(src, readsLocalLake(config.sanity?.apiHost)) }
  const refusal = imageRefusal(props, config.supabase?.url)
  if (refusal) console.error(`[image] the logo ${src} is shown as the brand name: ${refusal}`)
  return refusal ? null : props
}

/**
 * Sticky header: the logo always; the label and call button from md up (phones get the call bar). The logo's link
 * is named by Site settings' "Logo’s alternative text" (spec §2.2: "a logo with descriptive alternative text"),
 * whether it shows the uploaded logo or the shield and brand name.
 */
export function SiteHeader({ site }: { site: SiteSettings }) {
  const alt = site.logoAlt || site.brandName
  const logo = site.logo?.asset?.url ? logoShown(site.logo.asset.url, alt, site.logo.asset.width, site.logo.asset.height) : null
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link href="/" aria-label={alt} className="flex min-h-11 items-center gap-2 font-extrabold text-brand-800">
          {logo ? (
            <Image
              {...logo}
              alt={logo.alt}
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
