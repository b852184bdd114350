import { localInputValue, longTime } from '@/lib/portal/format'
import { fill, type PortalWords } from '@/lib/portal/words'
import type { Pause } from '@/lib/providers/pauses'
import { BUTTON, FIELD, LABEL, NOTICE, QUIET_BUTTON, WARNING } from './PortalFrame'

/**
 * "Pause new calls" at once (until resumed, or until the time beside it) and "Resume calls": the provider's own
 * state in the store of record, honoured by the router on every instance within 2 seconds. `back` is where the
 * form returns (the Calls page or this one).
 */
export function PausePanel({ current, words, timeZone, now, back, badDates }: { current: Pause | null; words: PortalWords; timeZone: string; now: number; back: '/portal' | '/portal/pause'; badDates: boolean }) {
  const state = !current ? words.takingCalls : current.endsAt === null ? words.pausedUntilResumed : fill(words.pausedUntil, { time: longTime(current.endsAt, timeZone) })
  return (
    <section aria-labelledby="pause-heading" className={`rounded-xl border p-5 shadow-sm ${current ? 'border-amber-300 bg-amber-50' : 'border-line bg-white'}`}>
      <h2 id="pause-heading" className="text-lg font-bold">
        {words.pauseHeading}
      </h2>
      <p data-pause-state={current ? 'paused' : 'taking'} className="mt-1 font-semibold text-ink">
        {state}
      </p>
      {badDates ? (
        <p role="alert" className={`mt-3 ${WARNING}`}>
          {words.badDates}
        </p>
      ) : null}
      {current ? (
        <form method="post" action="/portal/auth/provider/resume" className="mt-4">
          <input type="hidden" name="back" value={back} />
          <button type="submit" className={BUTTON}>
            {words.resumeButton}
          </button>
        </form>
      ) : (
        <form method="post" action="/portal/auth/provider/pause" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="back" value={back} />
          <button type="submit" className={BUTTON}>
            {words.pauseButton}
          </button>
          <div className="min-w-56 flex-1 sm:flex-none">
            <label htmlFor={`pause-until-${back}`} className={LABEL}>
              {words.untilLabel}
            </label>
            <input id={`pause-until-${back}`} name="until" type="datetime-local" min={localInputValue(now, timeZone)} className={FIELD} />
          </div>
        </form>
      )}
    </section>
  )
}

/** Away dates ahead (no new calls between them), each removable, and a form to add more. */
export function AwayDates({ ahead, words, timeZone, notice }: { ahead: Pause[]; words: PortalWords; timeZone: string; notice: string | null }) {
  return (
    <section aria-labelledby="away-heading" className="rounded-xl border border-line bg-white p-5 shadow-sm">
      <h2 id="away-heading" className="text-lg font-bold">
        {words.awayHeading}
      </h2>
      <p className="mt-1 text-muted">{words.awayIntro}</p>
      {notice ? (
        <p role="status" className={`mt-3 ${NOTICE}`}>
          {notice}
        </p>
      ) : null}
      {ahead.length === 0 ? (
        <p className="mt-3 text-muted">{words.noAway}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {ahead.map((away) => (
            <li key={away.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="font-semibold">
                {longTime(away.startsAt, timeZone)} – {away.endsAt === null ? '' : longTime(away.endsAt, timeZone)}
              </span>
              <form method="post" action="/portal/auth/provider/away-remove">
                <input type="hidden" name="id" value={away.id} />
                <button type="submit" className={QUIET_BUTTON}>
                  {words.awayRemove}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action="/portal/auth/provider/away" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="away-from" className={LABEL}>
            {words.awayFrom}
          </label>
          <input id="away-from" name="from" type="date" required className={FIELD} />
        </div>
        <div>
          <label htmlFor="away-to" className={LABEL}>
            {words.awayTo}
          </label>
          <input id="away-to" name="to" type="date" required className={FIELD} />
        </div>
        <button type="submit" className={BUTTON}>
          {words.awayAdd}
        </button>
      </form>
    </section>
  )
}
