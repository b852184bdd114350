import Link from 'next/link'
import type { SiteSettings } from '@/lib/site'
import { SiteFrame } from './SiteFrame'

/** The not-found message (code, heading, a link home), words from Site settings. */
export function NotFoundMessage({ site }: { site: SiteSettings }) {
  const { notFound } = site
  return (
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
  )
}

/** The whole not-found page inside the site's body: header, message, footer and call bar. */
export function NotFoundPage({ site }: { site: SiteSettings }) {
  return (
    // At least a screen tall with <main> taking the slack, so the footer ends the screen: no band of body under it.
    <div className="flex min-h-dvh flex-col [&>main]:flex [&>main]:flex-1 [&>main]:items-center">
      <SiteFrame site={site}>
        <NotFoundMessage site={site} />
      </SiteFrame>
    </div>
  )
}
