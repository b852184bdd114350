import type { Kysely } from 'kysely'
import type { Database } from '../lib/db/schema.ts'
import { bearerToken, mayChangeOutcomes, type StudioAuth } from '../lib/campaigns/studioAuth.ts'
import { markOutcome } from '../lib/calls/outcomes/records.ts'
import { isOutcome } from '../lib/calls/outcomes/rules.ts'

/**
 * A call's outcome changed by hand from the Calls tool (`POST /api/calls/outcome`): what the owner is paid and
 * what the ad platforms learn, so only a Studio user with the administrator role — or a role Site settings →
 * Call tracking names — may change it, and a booked job's value above the ceiling there is refused. Every
 * change is kept with who made it (voice_outcome_changes), and the Calls tool shows that history.
 */
const NO_STORE = { 'cache-control': 'no-store' }
const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: NO_STORE })

export interface OutcomeChangeRules {
  /** Roles allowed besides administrator. */
  outcomeRoles: readonly string[]
  /** The highest value a booked job may be given by hand. */
  maxOutcomeValue: number
}

export async function answerOutcomeChange(input: { authorization: string | null; body: unknown }, deps: { auth: StudioAuth; db: () => Promise<Kysely<Database>>; rules: () => Promise<OutcomeChangeRules>; now?: number }): Promise<Response> {
  const token = bearerToken(input.authorization)
  if (!token) return refuse(401, 'Sign in to the Studio to change a call’s outcome.')
  const user = await deps.auth.verify(token).catch(() => undefined)
  if (user === undefined) return refuse(503, 'Could not check the Studio login; try again.')
  if (!user) return refuse(401, 'This Studio login is not valid for this site.')
  const rules = await deps.rules()
  if (!mayChangeOutcomes(user, rules.outcomeRoles)) return refuse(403, 'Only an administrator changes a call’s outcome (or a role named in Site settings → Call tracking → “Roles that may change outcomes”).')
  const body = input.body as { call?: unknown; outcome?: unknown; value?: unknown } | null
  if (typeof body?.call !== 'string' || !/^CA[0-9a-f]{32}$/i.test(body.call) || !isOutcome(body.outcome)) return refuse(400, 'Name the call and one of the outcomes.')
  const value = typeof body.value === 'number' && Number.isFinite(body.value) && body.value >= 0 ? body.value : undefined
  if (value !== undefined && value > rules.maxOutcomeValue) return refuse(400, `A booked job’s value may be at most ${rules.maxOutcomeValue} (Site settings → Call tracking → “Highest value of a booked job”).`)
  const marked = await markOutcome(await deps.db(), { callSid: body.call, outcome: body.outcome, value, by: user.name || user.id, at: deps.now ?? Date.now() })
  return marked ? Response.json({ ok: true }, { headers: NO_STORE }) : refuse(404, 'No such call.')
}
