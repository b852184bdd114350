import type { PortalCall } from '@/lib/portal/calls'
import { money, monthName, shortTime } from '@/lib/portal/format'
import type { PortalWords } from '@/lib/portal/words'
import type { Statement } from '@/lib/providers/statement'

/**
 * The month's statement: the same rows, credits and totals as `npm run calls:statement -- --provider <id>`
 * (both read `readStatement`), every call in the order it started with its id, and the CSV download.
 */
export function StatementView({ statement, calls, words, timeZone, currency }: { statement: Statement; calls: PortalCall[]; words: PortalWords; timeZone: string; currency: string }) {
  const totals = statement.providers[0]
  const figures: [string, string][] = [
    [words.routedLabel, String(totals?.routed ?? 0)],
    [words.answeredLabel, String(totals?.answered ?? 0)],
    [words.missedLabel, String(totals?.missed ?? 0)],
    [words.payableLabel, String(totals?.payable ?? 0)],
    [words.creditsLabel, money(-(totals?.credits ?? 0), currency)],
    [words.owedLabel, money(statement.total, currency)],
  ]
  const ordered = [...calls].sort((a, b) => a.startedAt - b.startedAt || a.callSid.localeCompare(b.callSid) || a.seq - b.seq)
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="page-title">
          {words.statementHeading} · {monthName(statement.month)}
        </h1>
        <a href={`/portal/statement.csv?month=${statement.month}`} download className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-bold text-white hover:bg-brand-800">
          {words.downloadCsv}
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value], index) => (
          <div key={label} className={`rounded-xl border p-4 ${index === figures.length - 1 ? 'border-brand-700 bg-brand-50' : 'border-line bg-white'}`}>
            <dt className="text-xs font-bold tracking-wide text-muted uppercase">{label}</dt>
            <dd data-figure={index === figures.length - 1 ? 'owed' : undefined} className="mt-1 text-2xl font-extrabold text-ink">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {ordered.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-5 text-muted">{words.noCalls}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
          <table className="w-full text-left text-sm" aria-label={words.statementHeading}>
            <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">{words.timeColumn}</th>
                <th scope="col" className="hidden px-3 py-3 sm:table-cell">{words.callerColumn}</th>
                <th scope="col" className="px-3 py-3">{words.payableColumn}</th>
                <th scope="col" className="px-3 py-3 text-right">{words.amountColumn}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {ordered.map((call) => (
                <tr key={`${call.callSid}-${call.seq}`} data-call={call.callSid}>
                  <td className="px-3 py-3 whitespace-nowrap">
                    <a href={`/portal/calls/${call.callSid}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                      {shortTime(call.startedAt, timeZone)}
                    </a>
                  </td>
                  <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">{call.caller || words.withheldCaller}</td>
                  <td className="px-3 py-3">{call.payable ? words.payableYes : call.why}</td>
                  <td className="px-3 py-3 text-right font-bold whitespace-nowrap">{money(call.amount, currency)}</td>
                </tr>
              ))}
              {statement.credits.map((credit) => (
                <tr key={`credit-${credit.callSid}`} data-credit={credit.callSid} className="bg-brand-50">
                  <td className="px-3 py-3 whitespace-nowrap">
                    <a href={`/portal/calls/${credit.callSid}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                      {words.creditRow}
                    </a>
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell" />
                  <td className="px-3 py-3">{credit.reason}</td>
                  <td className="px-3 py-3 text-right font-bold whitespace-nowrap text-brand-800">{money(-credit.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-line">
                <th scope="row" className="px-3 py-3 text-left">
                  {words.owedLabel}
                </th>
                <td className="hidden px-3 py-3 sm:table-cell" />
                <td className="px-3 py-3" />
                <td className="px-3 py-3 text-right text-base font-extrabold whitespace-nowrap">{money(statement.total, currency)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  )
}
