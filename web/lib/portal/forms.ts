import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint, formCsrfMiddleware, getSessionFromCtx } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import * as z from 'zod'
import type { Database } from '../db/schema.ts'
import { forwardedClient } from '../net/forwardedClient.ts'
import { budgetLimiter, type RateLimiter } from '../taps/rateLimit.ts'
import { addAway, pauseNow, removeAway, resume } from '../providers/pauses.ts'
import { isEmail, normalEmail, providerForEmail, type PortalContent, type PortalProvider } from './access.ts'
import { isDisputeReason } from './disputeRules.ts'
import { NOTE_MAX, openDispute } from './disputes.ts'
import { nextDay, zonedDateTime } from './time.ts'

/**
 * The portal's forms, as Better Auth endpoints (a plugin), so every one carries the library's CSRF defence: a
 * POST with the session cookie must come from the site's own origin (Better Auth's origin check against its
 * trusted origins), and the sign-in form — sent without a cookie — refuses a cross-site submission by the
 * browser's Fetch Metadata and a foreign Origin (its form CSRF middleware). Plain HTML forms post here
 * (`application/x-www-form-urlencoded`) and are answered with a redirect back to the page, so the portal needs no
 * script. Every action is scoped to the signed-in provider; a call that is not its own is not found (404).
 */
export interface FormDeps {
  siteUrl: URL
  db(): Promise<Kysely<Database>>
  content(): Promise<PortalContent>
  limits: LinkLimits
  onVercel: boolean
  now?: () => number
  /** Creates a one-time link for the address and e-mails it (the magic-link plugin). */
  requestLink(email: string): Promise<void>
  log?: (line: string) => void
}

export interface LinkLimits {
  /** Link requests per client address and per network (web/lib/net/network.ts): a network over it is told to wait. */
  network: RateLimiter
  /** Links per e-mail address: past it no mail goes out, and the answer is the same as for any address. */
  email: RateLimiter
}

const WINDOW_MS = 15 * 60_000

export function linkLimits({ perAddress = 10, perNetwork = 20, perEmail = 3 } = {}): LinkLimits {
  return {
    network: budgetLimiter({ name: 'portal sign-in links', perAddress, perNetwork, total: 5_000, windowMs: WINDOW_MS }),
    email: budgetLimiter({ name: 'portal sign-in links per e-mail', perAddress: perEmail, perNetwork: perEmail, total: 100_000, windowMs: WINDOW_MS }),
  }
}

const FORM = { allowedMediaTypes: ['application/x-www-form-urlencoded', 'application/json'] }
const text = z.string().max(4_000).optional()
const BACK = /^\/portal(?:\/pause)?$/

type FormContext = Parameters<typeof getSessionFromCtx>[0]

export function portalForms(deps: FormDeps): BetterAuthPlugin {
  const now = deps.now ?? (() => Date.now())
  const log = deps.log ?? console.error
  const to = (path: string) => new URL(path, deps.siteUrl).toString()
  const back = (value: string | undefined, flag: string) => to(`${BACK.test(value ?? '') ? value : '/portal'}?pause=${flag}`)

  /** The signed-in provider, or a redirect to the sign-in page (a session whose address no longer signs in is ended). */
  async function signedIn(ctx: FormContext): Promise<{ provider: PortalProvider; email: string; content: PortalContent }> {
    const session = await getSessionFromCtx(ctx)
    if (!session) throw ctx.redirect(to('/portal'))
    const content = await deps.content()
    const provider = providerForEmail(content.providers, session.user.email)
    if (!provider) {
      await ctx.context.internalAdapter.deleteUserSessions(session.user.id)
      deleteSessionCookie(ctx)
      throw ctx.redirect(to('/portal'))
    }
    return { provider, email: normalEmail(session.user.email), content }
  }

  return {
    id: 'provider-portal',
    endpoints: {
      portalSignIn: createAuthEndpoint('/provider/sign-in', { method: 'POST', requireHeaders: true, use: [formCsrfMiddleware], metadata: FORM, body: z.object({ email: text }) }, async (ctx) => {
        const client = forwardedClient(ctx.headers ?? new Headers(), deps.onVercel)
        if (!deps.limits.network.allow(client)) throw ctx.redirect(to('/portal?signin=busy'))
        const email = normalEmail(ctx.body.email ?? '')
        // The same answer whatever the address: only an address that may sign in gets a link, sent behind the answer.
        if (isEmail(email) && deps.limits.email.allow(createHash('sha256').update(email).digest('base64url'))) {
          const content = await deps.content()
          if (providerForEmail(content.providers, email)) void deps.requestLink(email).catch((error: unknown) => log(`[portal] sign-in link not sent: ${error instanceof Error ? error.message : String(error)}`))
        }
        throw ctx.redirect(to('/portal?signin=sent'))
      }),
      portalSignOut: createAuthEndpoint('/provider/sign-out', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({}).passthrough().optional() }, async (ctx) => {
        const session = await getSessionFromCtx(ctx)
        if (session) await ctx.context.internalAdapter.deleteSession(session.session.token)
        deleteSessionCookie(ctx)
        throw ctx.redirect(to('/portal'))
      }),
      portalDispute: createAuthEndpoint('/provider/dispute', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({ call: text, reason: text, note: text }) }, async (ctx) => {
        const { provider, email, content } = await signedIn(ctx)
        const callSid = ctx.body.call ?? ''
        if (!/^CA[0-9a-f]{32}$/i.test(callSid)) throw new APIError('NOT_FOUND', { message: 'Not found.' })
        if (!isDisputeReason(ctx.body.reason)) throw ctx.redirect(to(`/portal/calls/${callSid}/dispute?dispute=reason`))
        const result = await openDispute(await deps.db(), { providerId: provider.id, callSid, reason: ctx.body.reason, note: (ctx.body.note ?? '').slice(0, NOTE_MAX), by: email, at: now(), disputeDays: content.disputeDays, provider: provider.provider })
        if (result.status === 'not-found') throw new APIError('NOT_FOUND', { message: 'Not found.' })
        throw ctx.redirect(to(`/portal/calls/${callSid}?dispute=${result.status}`))
      }),
      portalPause: createAuthEndpoint('/provider/pause', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({ until: text, back: text }) }, async (ctx) => {
        const { provider, email } = await signedIn(ctx)
        const until = ctx.body.until?.trim() ? zonedDateTime(ctx.body.until, provider.timeZone) : null
        if (ctx.body.until?.trim() && (until === null || until <= now())) throw ctx.redirect(back(ctx.body.back, 'bad-dates'))
        await pauseNow(await deps.db(), { providerId: provider.id, by: email, at: now(), until })
        throw ctx.redirect(back(ctx.body.back, 'paused'))
      }),
      portalResume: createAuthEndpoint('/provider/resume', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({ back: text }) }, async (ctx) => {
        const { provider, email } = await signedIn(ctx)
        await resume(await deps.db(), { providerId: provider.id, by: email, at: now() })
        throw ctx.redirect(back(ctx.body.back, 'resumed'))
      }),
      portalAway: createAuthEndpoint('/provider/away', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({ from: text, to: text }) }, async (ctx) => {
        const { provider, email } = await signedIn(ctx)
        const from = zonedDateTime(ctx.body.from, provider.timeZone)
        const until = /^\d{4}-\d{2}-\d{2}$/.test(ctx.body.to ?? '') ? zonedDateTime(nextDay(ctx.body.to!), provider.timeZone) : null
        if (from === null || until === null) throw ctx.redirect(back('/portal/pause', 'bad-dates'))
        try {
          await addAway(await deps.db(), { providerId: provider.id, by: email, at: now(), from, to: until })
        } catch (error) {
          if (error instanceof RangeError) throw ctx.redirect(back('/portal/pause', 'bad-dates'))
          throw error
        }
        throw ctx.redirect(back('/portal/pause', 'away'))
      }),
      portalAwayRemove: createAuthEndpoint('/provider/away-remove', { method: 'POST', requireHeaders: true, metadata: FORM, body: z.object({ id: text }) }, async (ctx) => {
        const { provider, email } = await signedIn(ctx)
        const removed = await removeAway(await deps.db(), { providerId: provider.id, by: email, at: now(), id: ctx.body.id ?? '' })
        if (!removed) throw new APIError('NOT_FOUND', { message: 'Not found.' })
        throw ctx.redirect(back('/portal/pause', 'removed'))
      }),
    },
  }
}
