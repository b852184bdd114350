import type { PortalWords } from '@/lib/portal/words'
import { BUTTON, FIELD, LABEL, NOTICE, WARNING } from './PortalFrame'

/** Signed out: one field, "E-mail", and "E-mail me a sign-in link"; the answer after is the same for any address. */
export function SignIn({ words, state }: { words: PortalWords; state: 'sent' | 'busy' | 'failed' | null }) {
  return (
    <section className="mx-auto max-w-md">
      <h1 className="page-title">{words.title}</h1>
      <p className="mt-3 leading-relaxed text-muted">{words.signInIntro}</p>
      {state === 'sent' ? (
        <p role="status" className={`mt-6 ${NOTICE}`}>
          {words.linkSent}
        </p>
      ) : null}
      {state === 'busy' ? (
        <p role="alert" className={`mt-6 ${WARNING}`}>
          {words.tooManyRequests}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className={`mt-6 ${WARNING}`}>
          {words.linkFailed}
        </p>
      ) : null}
      <form method="post" action="/portal/auth/provider/sign-in" className="mt-6 space-y-4 rounded-xl border border-line bg-white p-5 shadow-sm">
        <div>
          <label htmlFor="portal-email" className={LABEL}>
            {words.emailLabel}
          </label>
          <input id="portal-email" name="email" type="email" required autoComplete="email" inputMode="email" maxLength={254} className={FIELD} />
        </div>
        <button type="submit" className={`${BUTTON} w-full`}>
          {words.signInButton}
        </button>
      </form>
    </section>
  )
}

/** The page the e-mailed link opens: one button that follows the one-time link (a mail scanner's fetch does not spend it). */
export function LinkLanding({ words, token }: { words: PortalWords; token: string }) {
  return (
    <section className="mx-auto max-w-md">
      <h1 className="page-title">{words.title}</h1>
      <p className="mt-3 leading-relaxed text-muted">{words.linkPageIntro}</p>
      <form method="get" action="/portal/auth/magic-link/verify" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="callbackURL" value="/portal" />
        <input type="hidden" name="errorCallbackURL" value="/portal?signin=failed" />
        <button type="submit" className={`${BUTTON} w-full`}>
          {words.linkPageButton}
        </button>
      </form>
    </section>
  )
}
