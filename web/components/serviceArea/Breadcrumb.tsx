import Link from 'next/link'
import { JsonLd } from '../JsonLd'

export interface Crumb {
  name: string
  path: string
}

/** Where a service-area page sits (pest page → state → place), for visitors and as BreadcrumbList JSON-LD. */
export function Breadcrumb({ label, crumbs, siteUrl }: { label: string; crumbs: readonly Crumb[]; siteUrl: URL }) {
  const last = crumbs.length - 1
  return (
    <nav aria-label={label} className="border-b border-line bg-white">
      <ol className="crumbs inner flex flex-wrap items-center gap-x-2 gap-y-1 py-2.5 text-sm text-muted">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index < last ? (
              <Link href={crumb.path} prefetch={false} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {crumb.name}
              </Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: new URL(crumb.path, siteUrl).toString() })),
        }}
      />
    </nav>
  )
}
