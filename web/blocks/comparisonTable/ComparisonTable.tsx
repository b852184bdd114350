import { Section, SectionHeading } from '@/components/Section'
import type { BlockProps } from '../types'

/** On phones the reason sits under the method, so the table keeps two readable columns. */
export function ComparisonTable({ block, context }: BlockProps<'comparisonTable'>) {
  return (
    <Section narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      {block.intro ? <p className="mt-3 text-muted sm:text-lg">{block.intro}</p> : null}
      <div className="mt-6 overflow-hidden rounded-xl border border-line">
        <table className="w-full border-collapse text-left" data-testid="comparison-table">
          <thead className="bg-brand-800 text-sm text-white">
            <tr>
              <th scope="col" className="p-3">{block.methodLabel}</th>
              <th scope="col" className="hidden p-3 md:table-cell">{block.noteLabel}</th>
              <th scope="col" className="p-3 text-right">{block.rateLabel}</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row._key} className="border-t border-line odd:bg-white even:bg-surface">
                <th scope="row" className="p-3 align-top font-semibold">
                  {row.method}
                  <span className="mt-1 block text-sm font-normal text-muted md:hidden">{row.note}</span>
                </th>
                <td className="hidden p-3 align-top text-muted md:table-cell">{row.note}</td>
                <td className="p-3 text-right align-top">
                  <span className="text-xl font-extrabold text-call-700">{row.failureRate}%</span>
                  <span className="mt-1 ml-auto block h-1.5 w-16 rounded bg-red-100" aria-hidden="true">
                    <span className="block h-full rounded bg-call-600" style={{ width: `${row.failureRate}%` }} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {block.footnote ? <p className="mt-3 text-xs text-muted">{block.footnote}</p> : null}
    </Section>
  )
}
