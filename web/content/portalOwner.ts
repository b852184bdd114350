import { bearerToken, mayChangeOutcomes, studioAuth, usersMeUrl, type StudioAuth, type StudioUser } from '../lib/campaigns/studioAuth.ts'
import { voiceSettingsNow } from './voiceRuntime.ts'
import { budgetLimiter } from '../lib/taps/rateLimit.ts'
import { forwardedClient } from '../lib/net/forwardedClient.ts'
import { serverConfig } from '../lib/config.ts'
import { decideDispute, NOTE_MAX, ownerDisputes } from '../lib/portal/disputes.ts'
import { livePauses } from '../lib/providers/pauses.ts'
import { inviteProvider, portalAuthNow, portalContent, portalDb } from './portalRuntime.ts'

/**
 * The owner's side of the provider portal, for the Studio (a signed-in Studio user, checked with the Content
 * Lake's users/me like the Calls report): the disputes, open ones first, with accept or refuse and a note; the
 * providers' pauses; and "Send portal sign-in link". `npm run providers:invite` does the last from a shell.
 */
const NO_STORE = { 'cache-control': 'no-store' }
const checks = budgetLimiter({ name: 'portal owner requests', perAddress: 60, perNetwork: 120, total: 300, windowMs: 60_000 })
let auth: StudioAuth | undefined
const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: NO_STORE })

/** The Studio user of the request, or the answer that refuses it. */
async function studioUser(request: Request): Promise<StudioUser | Response> {
  const token = bearerToken(request.headers.get('authorization'))
  if (!token) return refuse(401, 'Sign in to the Studio to see providers’ disputes.')
  if (!checks.allow(forwardedClient(request.headers, serverConfig().onVercel))) return refuse(429, 'Too many requests at once; wait a minute.')
  auth ??= studioAuth({ url: usersMeUrl() })
  const user = await auth.verify(token).catch(() => undefined)
  if (user === undefined) return refuse(503, 'Could not check the Studio login; try again.')
  return user ?? refuse(401, 'This Studio login is not valid for this site.')
}

const DAY_MS = 86_400_000

/** GET: every open dispute (oldest first), then those decided in the last 90 days; the pauses in force or ahead. */
export async function answerOwnerDisputes(request: Request): Promise<Response> {
  const user = await studioUser(request)
  if (user instanceof Response) return user
  const now = Date.now()
  const db = await portalDb()
  const [disputes, pauses, content] = await Promise.all([ownerDisputes(db, now - 90 * DAY_MS), livePauses(db, now), portalContent()])
  const names = Object.fromEntries(content.providers.map((provider) => [provider.id, provider.name]))
  return Response.json({ disputes: disputes.map((dispute) => ({ ...dispute, providerName: names[dispute.providerId] ?? dispute.providerId })), pauses: pauses.map((pause) => ({ ...pause, providerName: names[pause.providerId] ?? pause.providerId })), currency: content.currency }, { headers: NO_STORE })
}

/** POST `{"dispute": id, "decision": "accept" | "refuse", "note": "…"}`: the owner's decision, kept under the Studio user's name. */
export async function answerOwnerDecision(request: Request): Promise<Response> {
  const user = await studioUser(request)
  if (user instanceof Response) return user
  // A credit changes what a provider is billed: the same people who may change an outcome decide it.
  const settings = await voiceSettingsNow()
  if (!mayChangeOutcomes(user, settings?.outcomeRoles ?? [])) return refuse(403, 'Only an administrator decides a dispute (or a role named in Site settings → Call tracking → “Roles that may change outcomes”).')
  const input = (await request.json().catch(() => null)) as { dispute?: unknown; decision?: unknown; note?: unknown } | null
  if (typeof input?.dispute !== 'string' || (input.decision !== 'accept' && input.decision !== 'refuse')) return refuse(400, 'Name the dispute and accept or refuse.')
  const note = typeof input.note === 'string' ? input.note.slice(0, NOTE_MAX) : ''
  const decided = await decideDispute(await portalDb(), { id: input.dispute, accept: input.decision === 'accept', note, by: user.name || user.id, at: Date.now() })
  return decided ? Response.json({ dispute: decided }, { headers: NO_STORE }) : refuse(404, 'No such open dispute: it may have been decided already.')
}

/** POST `{"provider": id}`: a one-time sign-in link to each of the provider's portal e-mails. */
export async function answerInvite(request: Request): Promise<Response> {
  const user = await studioUser(request)
  if (user instanceof Response) return user
  const input = (await request.json().catch(() => null)) as { provider?: unknown } | null
  if (typeof input?.provider !== 'string' || !input.provider) return refuse(400, 'Name the provider.')
  const result = await inviteProvider(await portalAuthNow(), await portalContent(), input.provider).catch((error: unknown) => ({ refused: `The link could not be sent: ${error instanceof Error ? error.message : String(error)}` }))
  return 'sent' in result ? Response.json(result, { headers: NO_STORE }) : refuse(409, result.refused)
}
