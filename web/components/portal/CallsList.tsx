import type { PortalCall } from '@/lib/portal/calls'
import { disputeWord, money, outcomeWord, shortTime } from '@/lib/portal/format'
import type { PortalWords } from '@/lib/portal/words'

/** What a call's "payable or why not" cell says: the verdict, and the dispute's state when there is one. */
function verdict(call: PortalCall, words: PortalWords): string {
  const base = call.payable ? words.payableYes : call.why
  return call.dispute ? `${base} · ${disputeWord(call.dispute.status, words)}` : base
}

/**
 * The month's calls, newest first: a table from tablet width up, a card per call on a phone. Each opens the call's
 * own page; a call the provider missed shows the caller masked.
 */
export function CallsList({ calls, words, timeZone, currency }: { calls: PortalCall[]; words: PortalWords; timeZone: string; currency: string }) {
  if (calls.length === 0) return <p className="rounded-xl border border-line bg-white p-5 text-muted">{words.noCalls}</p>
  const seconds = (value: number) => `${value} ${words.secondsUnit}`
  const head = [words.timeColumn, words.callerColumn, words.placeColumn, words.pestColumn, words.ringColumn, words.talkColumn, words.outcomeColumn, words.payableColumn, words.amountColumn]
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={words.callsHeading}>
        {calls.map((call) => (
          <li key={`${call.callSid}-${call.seq}`} data-call={call.callSid} className="rounded-xl border border-line bg-white p-4 shadow-sm">
            <a href={`/portal/calls/${call.callSid}`} className="block">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-bold text-ink">{shortTime(call.startedAt, timeZone)}</span>
                <span className={`font-extrabold ${call.payable ? 'text-brand-800' : 'text-muted'}`}>{money(call.amount, currency)}</span>
              </div>
              <p className="mt-1 text-ink">{call.caller || words.withheldCaller}</p>
              <p className="text-sm text-muted">{[call.place, call.pest].filter(Boolean).join(' · ')}</p>
              <p className="mt-2 text-sm text-muted">
                {words.ringColumn} {seconds(call.ringSeconds)} · {words.talkColumn} {seconds(call.talkSeconds)}
                {call.outcome ? ` · ${outcomeWord(call.outcome, words)}` : ''}
              </p>
              <p className={`mt-1 text-sm font-semibold ${call.payable ? 'text-brand-700' : 'text-ink'}`}>{verdict(call, words)}</p>
            </a>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm" aria-label={words.callsHeading}>
          <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
            <tr>
              {head.map((name, index) => (
                <th key={name} scope="col" className={`px-3 py-3 font-bold ${index >= 4 && index !== 6 && index !== 7 ? 'text-right' : ''}`}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {calls.map((call) => (
              <tr key={`${call.callSid}-${call.seq}`} data-call={call.callSid} className="hover:bg-brand-50">
                <td className="px-3 py-3 whitespace-nowrap">
                  <a href={`/portal/calls/${call.callSid}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                    {shortTime(call.startedAt, timeZone)}
                  </a>
                </td>
                <td className="px-3 py-3 whitespace-nowrap">{call.caller || words.withheldCaller}</td>
                <td className="px-3 py-3">{call.place}</td>
                <td className="px-3 py-3">{call.pest}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap">{seconds(call.ringSeconds)}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap">{seconds(call.talkSeconds)}</td>
                <td className="px-3 py-3">{outcomeWord(call.outcome, words)}</td>
                <td className={`px-3 py-3 ${call.payable ? 'font-semibold text-brand-700' : ''}`}>{verdict(call, words)}</td>
                <td className="px-3 py-3 text-right font-bold whitespace-nowrap">{money(call.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** Earlier months: a plain GET form, so the choice is in the address (`?month=YYYY-MM`). */
export function MonthPicker({ months, month, words, action, names }: { months: string[]; month: string; words: PortalWords; action: string; names: Record<string, string> }) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="portal-month" className="mb-1 block text-sm font-bold text-ink">
          {words.monthLabel}
        </label>
        <select id="portal-month" name="month" defaultValue={month} className="min-h-11 rounded-lg border border-line bg-white px-3 text-base">
          {months.map((value) => (
            <option key={value} value={value}>
              {names[value] ?? value}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-4 font-bold text-brand-800 hover:bg-brand-50">
        {words.showMonth}
      </button>
    </form>
  )
}
