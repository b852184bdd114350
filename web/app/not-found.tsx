import Link from 'next/link'
import { SiteFrame } from '@/components/SiteFrame'
import { getSettings } from '@/content/loaders'
import { SiteBody, siteMetadata, siteViewport } from '@/content/SiteBody'
import './globals.css'

/** Rendered outside app/(site)/layout.tsx (see app/layout.tsx), so it brings the site's body and metadata itself. */
export const generateMetadata = siteMetadata
export const viewport = siteViewport

export default async function NotFound() {
  const site = await getSettings()
  const { notFound } = site
  return (
    <SiteBody>
      {/* At least a screen tall with <main> taking the slack, so the footer ends the screen: no band of body under it. */}
      <div className="flex min-h-dvh flex-col [&>main]:flex [&>main]:flex-1 [&>main]:items-center">
        <SiteFrame site={site}>
          <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
            <p className="text-7xl font-extrabold text-brand-700">{notFound?.code}</p>
            <h1 className="mt-4 text-2xl font-bold">{notFound?.heading}</h1>
            <Link
              href="/"
              className="mt-8 inline-flex min-h-12 items-center rounded-xl bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
            >
              {notFound?.linkLabel}
            </Link>
          </section>
        </SiteFrame>
      </div>
    </SiteBody>
  )
}
