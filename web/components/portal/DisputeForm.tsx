import type { PortalCallDetail } from '@/lib/portal/calls'
import { DISPUTE_REASONS, REASON_WORDS } from '@/lib/portal/disputeRules'
import { disputeWord, longTime, money } from '@/lib/portal/format'
import { fill, type PortalWords } from '@/lib/portal/words'
import { BUTTON, FIELD, LABEL, WARNING } from './PortalFrame'

/**
 * "Dispute": a reason from the list and a note, for a payable call within the dispute window. Posted to the
 * portal's form endpoint, which scopes it to the signed-in provider and credits at once where the data proves it.
 */
export function DisputeForm({ call, words, timeZone, currency, disputeDays, problem }: { call: PortalCallDetail; words: PortalWords; timeZone: string; currency: string; disputeDays: number; problem: boolean }) {
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <a href={`/portal/calls/${call.callSid}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
        ← {words.callHeading} · {longTime(call.startedAt, timeZone)}
      </a>
      <h1 className="page-title">{words.disputeHeading}</h1>
      <p className="text-muted">
        {call.caller || words.withheldCaller} · {[call.place, call.pest].filter(Boolean).join(' · ')} · {money(call.payableCents / 100, currency)}
      </p>
      {call.dispute ? (
        <p className={WARNING}>{disputeWord(call.dispute.status, words)}</p>
      ) : !call.disputable ? (
        <p className={WARNING}>{words.disputeClosed}</p>
      ) : (
        <form method="post" action="/portal/auth/provider/dispute" className="space-y-5 rounded-xl border border-line bg-white p-5 shadow-sm">
          <p className="leading-relaxed text-muted">{words.disputeIntro}</p>
          <p className="text-sm text-muted">{fill(words.disputeWindow, { days: disputeDays })}</p>
          {problem ? (
            <p role="alert" className={WARNING}>
              {words.reasonLabel}
            </p>
          ) : null}
          <input type="hidden" name="call" value={call.callSid} />
          <fieldset>
            <legend className={LABEL}>{words.reasonLabel}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {DISPUTE_REASONS.map((reason) => (
                <label key={reason} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="radio" name="reason" value={reason} required className="size-5 accent-brand-700" />
                  <span>{words[REASON_WORDS[reason]]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="dispute-note" className={LABEL}>
              {words.noteLabel}
            </label>
            <textarea id="dispute-note" name="note" rows={4} maxLength={1000} className={`${FIELD} py-2`} />
          </div>
          <button type="submit" className={`${BUTTON} w-full sm:w-auto`}>
            {words.disputeButton}
          </button>
        </form>
      )}
    </section>
  )
}
