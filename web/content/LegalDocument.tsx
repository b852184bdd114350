import type { RoutedDocument } from './loaders'
import { RichText } from '@/components/RichText'

type LegalPage = Extract<RoutedDocument, { _type: 'legalPage' }>

function formatDate(isoDate: string): string {
  // Dates are calendar days: format in UTC so the day never shifts with the server's time zone.
  const date = new Date(`${isoDate}T00:00:00Z`)
  return Number.isNaN(date.getTime())
    ? isoDate
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export function LegalDocument({ doc }: { doc: LegalPage }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{doc.title}</h1>
      <p className="mt-2 text-sm text-muted">
        {doc.effectiveDateLabel} <time dateTime={doc.effectiveDate}>{formatDate(doc.effectiveDate)}</time>
      </p>
      <RichText value={doc.body} className="mt-6" />
    </article>
  )
}
