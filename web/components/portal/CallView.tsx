import Link from 'next/link'
import type { PortalCallDetail } from '@/lib/portal/calls'
import { disputeWord, legWord, longTime, money, outcomeWord } from '@/lib/portal/format'
import type { PortalWords } from '@/lib/portal/words'
import { NOTICE, QUIET_BUTTON } from './PortalFrame'

/**
 * One call as its provider sees it: when, who (in full only when it answered), where and what; each of its own
 * lines that rang; its recording, played through the site, and the caller's words — only of a conversation
 * this provider had; the dispute's state, or the Dispute button while the window is open.
 */
export function CallView({ call, words, timeZone, currency, notice }: { call: PortalCallDetail; words: PortalWords; timeZone: string; currency: string; notice: string | null }) {
  const seconds = (value: number) => `${value} ${words.secondsUnit}`
  return (
    <article className="space-y-6">
      <Link href="/portal" prefetch={false} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
        ← {words.backToCalls}
      </Link>
      <header>
        <h1 className="page-title">
          {words.callHeading} · {longTime(call.startedAt, timeZone)}
        </h1>
        <p className="mt-2 text-lg text-ink">{call.caller || words.withheldCaller}</p>
        <p className="text-muted">{[call.place, call.pest, outcomeWord(call.outcome, words)].filter(Boolean).join(' · ')}</p>
      </header>
      {notice ? (
        <p role="status" className={NOTICE}>
          {notice}
        </p>
      ) : null}
      <section className="rounded-xl border border-line bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold">{words.legsHeading}</h2>
        <ul className="mt-3 divide-y divide-line">
          {call.legs.map((leg) => (
            <li key={leg.seq} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span className="font-semibold">{legWord(leg.outcome, words)}</span>
              <span className="text-sm text-muted">
                {words.ringColumn} {seconds(leg.ringSeconds)} · {words.talkColumn} {seconds(leg.talkSeconds)}
              </span>
              <span className={`text-sm font-semibold ${leg.payable ? 'text-brand-700' : 'text-ink'}`}>{leg.payable ? words.payableYes : leg.why}</span>
              <span className="font-extrabold">{money(leg.amount, currency)}</span>
            </li>
          ))}
        </ul>
        {call.dispute ? (
          <div className="mt-3 rounded-lg bg-surface p-3 text-sm">
            <p className="font-bold">{disputeWord(call.dispute.status, words)}</p>
            {call.dispute.decisionNote ? <p className="mt-1 text-muted">{call.dispute.decisionNote}</p> : null}
          </div>
        ) : null}
        {call.disputable ? (
          <a href={`/portal/calls/${call.callSid}/dispute`} className={`${QUIET_BUTTON} mt-4`}>
            {words.disputeButton}
          </a>
        ) : null}
      </section>
      <section className="rounded-xl border border-line bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold">{words.recordingHeading}</h2>
        {call.hasRecording ? (
          <audio controls preload="none" src={`/portal/calls/${call.callSid}/recording`} className="mt-3 w-full">
            <a href={`/portal/calls/${call.callSid}/recording`}>{words.recordingHeading}</a>
          </audio>
        ) : (
          <p className="mt-2 text-muted">{words.noRecording}</p>
        )}
      </section>
      <section className="rounded-xl border border-line bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold">{words.transcriptHeading}</h2>
        {call.transcript.length > 0 ? (
          <div className="mt-2 space-y-2 leading-relaxed text-ink">
            {call.transcript.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-muted">{words.noTranscript}</p>
        )}
      </section>
    </article>
  )
}
